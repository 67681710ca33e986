"""click in the language asked for: the command group's help, usage errors and failures in the reader's words.

click writes English; here its help (usage, description, options, commands), its usage errors and the
errors of a command are said in the language of --lang (Russian by default), each in one line. A command
stopped by Ctrl-C or SIGTERM says so once. The help texts' own words are the catalogues' (cli/help.py).
"""

from __future__ import annotations

import signal
from concurrent.futures import BrokenExecutor

import click

from prefprint.errors import PrefprintError
from prefprint.words.catalog import LANGS, gettext
from prefprint.words.messages import Message, problem_lines, shown


def _help_lang(ctx) -> str:
    """The language of --help: Russian unless the command line asks for another (--lang en: click's own English)."""
    return _asked_lang(ctx, ctx.meta.get("prefprint.args", ()))


def _help_record(record: str, lang: str) -> str:
    """An option's help with click's "[default: …; required]" tail, in a language."""
    from prefprint.cli.help import click_words, russian

    text, tail = record, ""
    if record.endswith("]") and "[" in record:
        cut = record.rfind("  [") if "  [" in record else record.rfind("[")
        text, tail = record[:cut], record[cut:]
        for word in ("default", "required"):
            tail = tail.replace(word, click_words(lang)[word])
    return (russian(text, lang) or "") + tail


class LocalisedHelp:
    """`--help` in the language asked for, Russian by default (click writes English): usage, description,
    options, commands."""

    def format_usage(self, ctx, formatter):
        lang = _help_lang(ctx)
        if lang == "en":
            return super().format_usage(ctx, formatter)
        from prefprint.cli.help import click_words

        pieces = " ".join(self.collect_usage_pieces(ctx))
        for word in ("OPTIONS", "COMMAND", "ARGS", "SPEC", "WORKBOOKS"):
            pieces = pieces.replace(word, click_words(lang)[word])
        formatter.write_usage(ctx.command_path, pieces, prefix=f"{click_words(lang)['Usage:']} ")

    def format_help_text(self, ctx, formatter):
        lang = _help_lang(ctx)
        if lang == "en":
            return super().format_help_text(ctx, formatter)
        from prefprint.cli.help import russian

        if self.help:
            formatter.write_paragraph()
            with formatter.indentation():
                formatter.write_text(russian(self.help, lang))

    def format_options(self, ctx, formatter):
        lang = _help_lang(ctx)
        if lang == "en":
            return super().format_options(ctx, formatter)
        from prefprint.cli.help import click_words, russian_spec

        rows = [
            (russian_spec(spec, lang), _help_record(text, lang))
            for spec, text in (
                p.get_help_record(ctx) or (None, None)
                for p in self.get_params(ctx)
                if not isinstance(p, click.Argument)
            )
            if spec
        ]
        if rows:
            with formatter.section(click_words(lang)["Options"]):
                formatter.write_dl(rows)
        if isinstance(self, click.Group):
            self.format_commands(ctx, formatter)


class Command(LocalisedHelp, click.Command):
    """A command whose help is in the language asked for."""


class Group(LocalisedHelp, click.Group):
    """The `prefprint` group: its help and usage errors in the language asked for, a command's failure in one line."""

    command_class = Command

    def parse_args(self, ctx, args):
        # the whole command line, for its --lang: --help is answered and usage errors raised before it is parsed
        ctx.meta["prefprint.args"] = list(args)
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as e:  # `prefprint --bogus`: before any command, still one line in its language
            _usage_line(ctx, e)
            raise click.exceptions.Exit(2) from None

    def resolve_command(self, ctx, args):
        """A command misspelt: said in the language asked for, with the nearest command or the list."""
        from difflib import get_close_matches

        name = click.utils.make_str(args[0]) if args else ""
        if args and self.get_command(ctx, name) is None and not ctx.resilient_parsing and not name.startswith("-"):
            commands = list(self.commands)  # in the order of the help's story: movement first
            maybe = get_close_matches(name, commands, n=1, cutoff=0.4)
            if maybe:
                raise Usage(Message("cli.no_command_maybe", name=shown(name), maybe=shown(maybe[0])))
            raise Usage(Message("cli.no_command", name=shown(name), commands=", ".join(commands)))
        return super().resolve_command(ctx, args)

    def format_commands(self, ctx, formatter):
        lang = _help_lang(ctx)
        if lang == "en":
            return super().format_commands(ctx, formatter)
        from prefprint.cli.help import click_words, russian, short

        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(map(len, names))
        rows = [(name, short(russian(self.commands[name].help, lang) or "", limit)) for name in names]
        with formatter.section(click_words(lang)["Commands"]):
            formatter.write_dl(rows)

    def invoke(self, ctx):
        ctx.ensure_object(dict)
        # SIGTERM stops as Ctrl-C does (worker processes ended, nothing half-written), and either
        # interrupts once: a second one while the first is being cleaned up is not a second traceback
        previous = {s: signal.getsignal(s) for s in _STOPS}
        for s in _STOPS:
            signal.signal(s, _interrupt)
        try:
            return super().invoke(ctx)
        except PrefprintError as e:
            asked = ctx.obj.get("lang") if isinstance(ctx.obj, dict) else None
            lang = asked or getattr(e, "lang", None) or "ru"
            click.echo(Message("error", text=e.text(lang)).text(lang), err=True)
            echo_warnings(getattr(e, "warnings", ()), lang)
            ctx.exit(e.exit_code)
        except click.UsageError as e:  # one clear line instead of the usage block
            _usage_line(ctx, e)
            ctx.exit(2)
        except KeyboardInterrupt as e:
            _ignore_stops()
            said = getattr(e, "message", None) or Message("interrupted")
            click.echo(said.text(ctx.obj.get("lang") or "ru"), err=True)
            ctx.exit(130)
        except BrokenExecutor:  # a worker killed from outside (the kernel out of memory): one line
            lang = ctx.obj.get("lang") or "ru"
            click.echo(Message("error", text=Message("worker_died")).text(lang), err=True)
            ctx.exit(1)
        except OSError as e:  # a file or folder that cannot be read or written: one line
            lang = ctx.obj.get("lang") or "ru"
            where = f"{e.filename}: " if e.filename else ""
            click.echo(Message("error", text=f"{where}{_os_reason(e, lang)}").text(lang), err=True)
            ctx.exit(2)
        finally:
            for s, handler in previous.items():
                signal.signal(s, handler)


_STOPS = (signal.SIGINT, signal.SIGTERM)


def _usage_line(ctx, e: click.UsageError) -> None:
    """A usage error as one line in the language asked for (--lang read from the command line, though parsing failed)."""
    lang = _asked_lang(ctx, ctx.meta.get("prefprint.args", ()))
    text = e.words.text(lang) if isinstance(e, Usage) else _usage_text(e.format_message(), lang)
    click.echo(Message("error", text=text).text(lang), err=True)


def _interrupt(signum, frame):
    """Ctrl-C or SIGTERM: stop the command (KeyboardInterrupt), once; later ones are ignored while it stops."""
    _ignore_stops()
    raise KeyboardInterrupt


def _ignore_stops() -> None:
    for s in _STOPS:
        signal.signal(s, signal.SIG_IGN)


def _asked_lang(ctx, args) -> str:
    """The language asked for on the command line, even when the arguments could not be parsed."""
    asked = ctx.obj.get("lang") if isinstance(ctx.obj, dict) else None
    if asked:
        return asked
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args) and args[i + 1] in LANGS:
            return args[i + 1]
        if arg.startswith("--lang=") and arg[len("--lang=") :] in LANGS:
            return arg[len("--lang=") :]
    return "ru"


# click's own messages (English), each read into a catalogue message: the words in the language asked for
_CLICK_WORDS = [
    (r"Missing option '(?P<name>.+?)'\.(?P<rest>.*)", "cli.missing_option"),
    (r"Missing argument '(?P<name>.+?)'\.(?P<rest>.*)", "cli.missing_argument"),
    (r"No such option:? '?(?P<name>[^\s']+)'?\.? Did you mean '(?P<maybe>.+)'\?", "cli.no_option_maybe"),
    (r"No such option:? '?(?P<name>[^\s']+)'?\.?(?: \(Did you mean one of: .*\?\))?", "cli.no_option"),
    (r"Option '(?P<name>.+?)' requires an argument\.", "cli.needs_value"),
    (r"Got unexpected extra arguments? \((?P<args>.+)\)", "cli.extra_arguments"),
    (r"Invalid value for '(?P<name>.+?)': File '(?P<path>.+)' does not exist\.", "cli.file_missing"),
    (r"Invalid value for '(?P<name>.+?)': File '(?P<path>.+)' is a directory\.", "cli.file_is_folder"),
    (r"Invalid value for '(?P<name>.+?)': Directory '(?P<path>.+)' is a file\.", "cli.folder_is_file"),
    (r"Invalid value for '(?P<name>.+?)': '(?P<value>.*)' is not one of (?P<choices>.+)\.", "cli.not_one_of"),
    (r"Invalid value for '(?P<name>.+?)': '(?P<value>.*)' is not a valid integer\.", "cli.not_integer"),
    (r"Invalid value for '(?P<name>.+?)': (?P<value>.+) is not in the range (?P<range>.+)\.", "cli.out_of_range"),
    (r"Invalid value for '(?P<name>.+?)': (?P<detail>.*)", "cli.invalid_value"),
]

# the command's arguments as the messages call them
_ARGUMENTS = {"SPEC": "cli.argument_spec", "WORKBOOKS...": "cli.argument_workbooks", "CLUB": "cli.argument_club"}


class Usage(click.UsageError):
    """A usage error of ours: its words from the catalogue, in the language of the messages."""

    def __init__(self, message: Message):
        super().__init__(message.text("en"))
        self.words = message


def _usage_text(text: str, lang: str) -> str:
    """A usage error of click in the language asked for: click writes English, the catalogue both."""
    import re

    for pattern, code in _CLICK_WORDS:
        m = re.fullmatch(pattern, text.strip(), re.S)
        if m:
            parts = {k: (v or "").strip() for k, v in m.groupdict().items()}
            if "name" in parts:  # an option of two names comes as "-o' / '--output": -o / --output
                parts["name"] = parts["name"].replace("' / '", " / ")
            if "name" in parts and parts["name"] in _ARGUMENTS:
                parts["name"] = Message(_ARGUMENTS[parts["name"]])
            if "choices" in parts and lang == "ru":  # '4', '3' -> «4», «3»
                parts["choices"] = re.sub(r"'([^']*)'", r"«\1»", parts["choices"])
            if "range" in parts:
                parts["range"] = _range_words(parts["range"])
            return Message(code, **parts).text(lang)
    return text


def _range_words(text: str):
    """click's range ("x>=1", "1<=x<=5") in words of the catalogue; as it is where it reads otherwise."""
    import re

    both = re.fullmatch(r"([-\d.]+)<=?x<=?([-\d.]+)", text)
    if both:
        return Message("cli.range_from_to", low=both.group(1), high=both.group(2))
    one = re.fullmatch(r"x([<>]=?)([-\d.]+)", text)
    if one:
        code = {">=": "cli.range_at_least", ">": "cli.range_more", "<=": "cli.range_at_most", "<": "cli.range_less"}
        return Message(code[one.group(1)], n=one.group(2))
    return text


# why a file or folder could not be used: the system's error numbers with words in the catalogues
_OS_REASONS = ("ENOENT", "EACCES", "EPERM", "ENOSPC", "EROFS", "ENOTDIR", "EISDIR", "EEXIST")


def _os_reason(e: OSError, lang: str) -> str:
    """Why a file or folder could not be used, in the language asked for (the system's own words in English)."""
    import errno

    if lang != "en":
        name = errno.errorcode.get(e.errno)
        if name in _OS_REASONS:
            return gettext(f"cli.os.{name}", lang)
    return e.strerror or str(e)


def echo_warnings(warnings, lang: str) -> None:
    """Warnings are always printed, also when problems stop the command; a long list is cut."""
    for line in problem_lines(list(warnings), lang):
        click.echo(Message("warning", text=line).text(lang), err=True)
