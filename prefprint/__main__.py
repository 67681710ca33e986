from .cli import cli; cli(prog_name="prefprint")  # noqa: E702
