from prefprint.cli.main import cli

cli(prog_name="prefprint")
