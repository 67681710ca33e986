"""The `prefprint` command: a thin click layer over the jobs."""

from prefprint.cli.main import cli

__all__ = ["cli"]
