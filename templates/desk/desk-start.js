// The desk's last script: every part has added its sections to `parts` by now (docs/desk.md).
import { load } from "./desk.js";

load();
