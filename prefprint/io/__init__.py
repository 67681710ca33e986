"""Everything read or written: the event spec, the protocol workbook, output folders, HTML and PDF rendering,
this machine's addresses on the network."""
