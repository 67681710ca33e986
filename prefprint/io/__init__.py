"""Everything read or written: the event spec, the protocol workbook, output folders, HTML and PDF rendering."""
