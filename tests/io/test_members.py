"""A members' file read as rows of cells: an .xlsx's first sheet as written, a CSV in UTF-8 or Windows-1251 with
its delimiter found; other files, and files far larger than a club's list, refused with the file named."""

from __future__ import annotations

import io
import zipfile

import pytest
from openpyxl import Workbook

from prefprint.io import members
from prefprint.io.members import MembersFileError, table_of


def values(rows) -> list[list[tuple]]:
    return [[(c.ref, c.value) for c in row] for row in rows]


def test_a_workbooks_first_sheet_is_read_with_each_cells_reference_and_formulas_as_written():
    wb = Workbook()
    wb.active.append(["ФИО", None, 3])
    wb.active.append([])
    wb.active.append(["=B1", "  ", "Орлов Денис"])
    wb.create_sheet("other").append(["not read"])
    data = io.BytesIO()
    wb.save(data)
    rows = table_of("list.xlsx", data.getvalue())
    assert values(rows) == [[("A1", "ФИО"), ("C1", 3)], [("A3", "=B1"), ("C3", "Орлов Денис")]]
    assert values(table_of("list", data.getvalue())) == values(rows)  # a name without its ending: by its bytes


@pytest.mark.parametrize(
    "data",
    ["Фамилия;Имя\r\nОрлов;Денис\r\n".encode("cp1251"), "\ufeffФамилия,Имя\nОрлов,Денис\n".encode(),
     "Фамилия\tИмя\nОрлов\tДенис\n".encode()],
)  # fmt: skip
def test_a_csv_is_read_in_either_encoding_with_its_delimiter(data):
    assert values(table_of("list.csv", data)) == [
        [("A1", "Фамилия"), ("B1", "Имя")],
        [("A2", "Орлов"), ("B2", "Денис")],
    ]


def test_other_files_and_huge_ones_are_refused_with_the_file_named(monkeypatch):
    for name, data, code in [
        ("list.ods", b"PK\x03\x04", "members.kind"),
        ("list.xlsx", b"PK\x03\x04 broken", "members.not_xlsx"),
        ("list.csv", b"\n" * (members.MAX_ROWS + 1), "members.rows"),
    ]:
        with pytest.raises(MembersFileError) as e:
            table_of(name, data)
        assert e.value.message.code == code and "list." in e.value.text("en")
    monkeypatch.setattr(members, "MAX_UNPACKED", 1000)
    packed = io.BytesIO()
    with zipfile.ZipFile(packed, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/sharedStrings.xml", "A" * 5000)  # 5000 bytes unpacked from a few dozen
    with pytest.raises(MembersFileError) as e:
        table_of("bomb.xlsx", packed.getvalue())
    assert e.value.message.code == "members.too_big"
