"""The figure options a figure-maker expects: size in px, cm or inches, DPI, publication style,
and (for "Export all figures…") the formats."""

from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDialog, QDialogButtonBox, QDoubleSpinBox, QFormLayout, QHBoxLayout,
                               QLabel, QSpinBox, QVBoxLayout, QWidget)

from widgets.plotkit.figure_export import FORMATS, LAYOUT_DPI, UNITS, FigureOptions
from widgets.plotkit.figure_sizes import SIZE_PRESETS

INCHES_PER_UNIT = {"cm": 1 / 2.54, "in": 1.0}
DEFAULT_DPI = 300


class ExportDialog(QDialog):
    """Asks for a FigureOptions. ``size`` is the plot's size on screen (the starting width × height);
    with ``size=None`` each figure keeps its own size and the dialog asks for formats instead.
    ``fmt`` (png, svg, pdf) is the format of the file being written: the summary speaks of it."""

    def __init__(self, size: QSize | None, parent: QWidget | None = None, dpi: int = DEFAULT_DPI,
                 publication: bool = False, fmt: str = "png"):
        super().__init__(parent)
        self.setObjectName("figureExportDialog")
        self._unit = "px"
        self._format = fmt if fmt in FORMATS else "png"
        self.preset_box = QComboBox()
        self.preset_box.setObjectName("figurePreset")
        self._preset_label = QLabel()
        self._has_size = size is not None
        form = QFormLayout()
        self.width_box, self.height_box = QDoubleSpinBox(), QDoubleSpinBox()
        self.unit_box = QComboBox()
        self.unit_box.addItems(UNITS)
        self.dpi_box = QSpinBox()
        self.dpi_box.setRange(30, 2400)
        self.dpi_box.setValue(dpi)
        self.publication_box = QCheckBox()
        self.publication_box.setChecked(publication)
        self.pixels_note = QLabel()
        self.format_boxes = {fmt: QCheckBox(fmt.upper()) for fmt in FORMATS}
        self._size_label, self._dpi_label, self._formats_label = QLabel(), QLabel(), QLabel()
        self._size_label.setBuddy(self.width_box)  # Alt+S, Alt+D
        self._dpi_label.setBuddy(self.dpi_box)
        if size is not None:
            for box in (self.width_box, self.height_box):
                box.setRange(0.01, 100_000)
                box.valueChanged.connect(self._update_note)
            row = QHBoxLayout()
            for w in (self.width_box, QLabel("×"), self.height_box, self.unit_box):
                row.addWidget(w)
            form.addRow(self._preset_label, self.preset_box)
            form.addRow(self._size_label, row)
            self.preset_box.activated.connect(self._use_preset)
            self.dpi_box.valueChanged.connect(self._update_note)
            self.unit_box.currentTextChanged.connect(self._set_unit)
            self._set_pixels(size.width() * dpi / LAYOUT_DPI, size.height() * dpi / LAYOUT_DPI)
        else:
            row = QHBoxLayout()
            for fmt, box in self.format_boxes.items():
                box.setChecked(fmt in ("png", "svg"))
                row.addWidget(box)
            form.addRow(self._formats_label, row)
        form.addRow(self._dpi_label, self.dpi_box)
        form.addRow("", self.publication_box)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        if size is not None:
            layout.addWidget(self.pixels_note)
        layout.addWidget(buttons)
        self.retranslate()

    def retranslate(self) -> None:
        self.setWindowTitle(self.tr("Figure options"))
        self._size_label.setText(self.tr("&Size:"))
        self._dpi_label.setText(self.tr("&DPI:"))
        self._formats_label.setText(self.tr("Formats:"))
        self._preset_label.setText(self.tr("Pr&eset:"))
        self._preset_label.setBuddy(self.preset_box)
        self.preset_box.clear()
        self.preset_box.addItem(self.tr("as set below"), "")
        for name, text in (("column", self.tr("Journal column (8.5 × 6.4 cm)")),
                           ("page", self.tr("Journal page width (17.5 × 8.75 cm)")),
                           ("slide", self.tr("Slide (1920 × 1080 px)"))):
            self.preset_box.addItem(text, name)
        self.dpi_box.setToolTip(self.tr("Pixels per inch of the PNG; text keeps its size in points"))
        self.publication_box.setText(self.tr("&Publication style (larger text, thicker lines, white)"))
        self._update_note()

    def options(self) -> FigureOptions:
        """The options as set (each figure at its own size without a size field)."""
        if not self._has_size:
            return FigureOptions(dpi=self.dpi_box.value(), publication=self.publication_box.isChecked())
        return FigureOptions(self.width_box.value(), self.height_box.value(), self._unit, self.dpi_box.value(),
                             self.publication_box.isChecked())

    def formats(self) -> list[str]:
        return [fmt for fmt, box in self.format_boxes.items() if box.isChecked()]

    def _pixels(self) -> tuple[float, float]:
        """The size set, in PNG pixels at the DPI set."""
        factor = 1.0 if self._unit == "px" else INCHES_PER_UNIT[self._unit] * self.dpi_box.value()
        return self.width_box.value() * factor, self.height_box.value() * factor

    def _set_pixels(self, width: float, height: float) -> None:
        factor = 1.0 if self._unit == "px" else 1 / (INCHES_PER_UNIT[self._unit] * self.dpi_box.value())
        decimals = 0 if self._unit == "px" else 2
        for box, value in ((self.width_box, width), (self.height_box, height)):
            box.setDecimals(decimals)
            box.setValue(value * factor)

    def _set_unit(self, unit: str) -> None:
        """Show the same size in ``unit``."""
        width, height = self._pixels()
        self._unit = unit
        self._set_pixels(width, height)

    def _use_preset(self, index: int) -> None:
        """Set the size (and its unit) of the preset picked."""
        name = self.preset_box.itemData(index)
        if not name:
            return
        width, height, unit = SIZE_PRESETS[name]
        self.unit_box.blockSignals(True)
        self.unit_box.setCurrentText(unit)
        self.unit_box.blockSignals(False)
        self._unit = unit
        per_unit = 1.0 if unit == "px" else INCHES_PER_UNIT[unit] * self.dpi_box.value()  # PNG pixels
        self._set_pixels(width * per_unit, height * per_unit)
        self._update_note()

    def _update_note(self) -> None:
        if not self._has_size:
            return
        width, height = self._pixels()
        cm = (width / self.dpi_box.value() * 2.54, height / self.dpi_box.value() * 2.54)
        if self._format == "png":
            text = self.tr("PNG: {w} × {h} px; on paper {cw:.1f} × {ch:.1f} cm").format(
                w=round(width), h=round(height), cw=cm[0], ch=cm[1])
        else:  # vector: no pixels; the DPI only turns a size in px into paper
            text = self.tr("{format}: {cw:.1f} × {ch:.1f} cm on paper, vector (text and lines stay sharp at any "
                           "zoom)").format(format=self._format.upper(), cw=cm[0], ch=cm[1])
        self.pixels_note.setText(text)
