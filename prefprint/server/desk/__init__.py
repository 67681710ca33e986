"""The director's desk (prefprint desk, docs/desk.md): the club's files, its players and its evenings from the
browser, on this laptop only. A thin JSON API under /desk/api/ over the same jobs as the command line
(prefprint.app.club_files, prefprint.app.evenings, the kit of prefprint.app.kit), and one page that uses it."""

from prefprint.server.desk.jobs import Job, Jobs
from prefprint.server.desk.main import run_desk
from prefprint.server.desk.routes import create_desk_app

__all__ = ["Job", "Jobs", "create_desk_app", "run_desk"]
