"""Helpers of the desk's night and paper tests: a club with an evening of 12 whose kit's workbook is there (the
kit's workbook alone: the night and the paper protocols need nothing else of it), and a free port."""

from __future__ import annotations

import socket
import warnings
from pathlib import Path

CODE = "DESKCODE1234"
EVENING = "2026-12-05-vecher"
NAMES = [
    "Иванов Иван", "Петров Пётр", "Сидоров Сергей", "Смирнова Анна", "Фёдоров Николай", "Егорова Наталья",
    "Павлов Виктор", "Степанов Олег", "Лебедев Игорь", "Семёнов Юрий", "Новикова Ольга", "Волков Павел",
]  # fmt: skip


def desk_client(folder: Path):
    """A TestClient of the desk on `folder` (the director's code in every request)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # Starlette's note on httpx versions
        from starlette.testclient import TestClient

    from prefprint.server.desk import create_desk_app

    return TestClient(create_desk_app(folder, CODE), headers={"X-Desk-Code": CODE})


def club_with_evening(folder: Path, kit: bool = True):
    """(client, evening id): the club, its players and the evening «Вечер» of 12 on 2026-12-05; with `kit`, its
    protocols.xlsx written as the kit writes it."""
    client = desk_client(folder)
    client.put("/desk/api/club", json={"title": "Клуб", "language": "ru"})
    client.post("/desk/api/players", json={"names": NAMES})
    ids = [p["id"] for p in client.get("/desk/api/club").json()["players"]]
    form = {"title": "Вечер", "date": "2026-12-05", "variant": "sochi", "table_size": 4, "players": ids}
    made = client.post("/desk/api/evenings", json=form).json()
    assert made["id"] == EVENING, made
    if kit:
        write_kit_workbook(folder)
    return client, EVENING


def event_of(folder: Path):
    from prefprint.io.spec import load_competition

    return load_competition(Path(folder) / "evenings" / f"{EVENING}.toml").session(1)


def kit_folder(folder: Path) -> Path:
    return Path(folder) / "output" / EVENING


def write_kit_workbook(folder: Path) -> Path:
    from prefprint.io.workbook import write_protocol_workbook

    kit_folder(folder).mkdir(parents=True, exist_ok=True)
    return write_protocol_workbook(event_of(folder), kit_folder(folder) / "protocols.xlsx")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(client, evening: str = EVENING, **where):
    """The night started on 127.0.0.1 (a free port unless given): the answer."""
    body = {"host": "127.0.0.1", "port": free_port()} | where
    return client.post(f"/desk/api/evenings/{evening}/night", json=body)
