"""prefprint: duplicate preferans for tournament directors — table kits, results, publishing.

One folder a layer; each imports only those below it (import-linter holds this, see pyproject.toml):

    cli        the `prefprint` command, a thin click layer
    server     the scoring server: phones at the tables, the director's page
    app        the jobs: kit, results, competition, publish
    checks     the checks of a filled workbook, one module per kind of mistake
    views      what each page, sheet and terminal text shows
    analysis   double-dummy analysis: solver, cache, what was makeable
    io         the spec, the workbook, output folders, HTML and PDF
    engine     the rules: scoring, deals, matchpoints, rulings, the event model
    movement   who sits where, which set each table plays
    errors     the errors a user is told about
    words      the words a user reads, in Russian and English
"""

__version__ = "0.1.0"
