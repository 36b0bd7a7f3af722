"""pyqtgraph's own right-click menu (View All, X axis, Y axis, Mouse Mode and the axis forms) in the UI's language.

pyqtgraph words its menu with ``QCoreApplication.translate`` once, when the menu is built, and ships no
Chinese: the menu stayed English in 简体中文. ``retitle_view_menu`` words it with our translations, and
the plots' view boxes (``LazyMenuViewBox``) call it each time the menu is asked for, so a language
switched since the menu was built is followed too.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication
from pyqtgraph.graphicsItems.ViewBox.ViewBoxMenu import ViewBoxMenu

from engine.problem import QT_TRANSLATE_NOOP

CONTEXT = "PlotMenu"

#: The menu's own entries, in the order pyqtgraph adds them (submenus by their actions).
ENTRIES = (QT_TRANSLATE_NOOP("PlotMenu", "View All"), QT_TRANSLATE_NOOP("PlotMenu", "X axis"),
           QT_TRANSLATE_NOOP("PlotMenu", "Y axis"), QT_TRANSLATE_NOOP("PlotMenu", "Mouse Mode"))
MOUSE_MODES = (QT_TRANSLATE_NOOP("PlotMenu", "3 button"), QT_TRANSLATE_NOOP("PlotMenu", "1 button"))
#: Each widget of the X and Y axis forms (pyqtgraph's axisCtrlTemplate): its text ("" has none) and tooltip.
FORM = {
    "label": (QT_TRANSLATE_NOOP("PlotMenu", "Link Axis:"), ""),
    "linkCombo": ("", QT_TRANSLATE_NOOP("PlotMenu", "Links this axis with another view. When linked, both "
                                                    "views will display the same data range.")),
    "autoPercentSpin": ("", QT_TRANSLATE_NOOP("PlotMenu", "Percent of data to be visible when auto-scaling. It "
                                                          "may be useful to decrease this value for data with "
                                                          "spiky noise.")),
    "autoRadio": (QT_TRANSLATE_NOOP("PlotMenu", "Auto"),
                  QT_TRANSLATE_NOOP("PlotMenu", "Automatically resize this axis whenever the displayed data is "
                                                "changed.")),
    "manualRadio": (QT_TRANSLATE_NOOP("PlotMenu", "Manual"),
                    QT_TRANSLATE_NOOP("PlotMenu", "Set the range for this axis manually. This disables automatic "
                                                  "scaling.")),
    "minText": ("", QT_TRANSLATE_NOOP("PlotMenu", "Minimum value to display for this axis.")),
    "maxText": ("", QT_TRANSLATE_NOOP("PlotMenu", "Maximum value to display for this axis.")),
    "invertCheck": (QT_TRANSLATE_NOOP("PlotMenu", "Invert Axis"),
                    QT_TRANSLATE_NOOP("PlotMenu", "Inverts the display of this axis.")),
    "mouseCheck": (QT_TRANSLATE_NOOP("PlotMenu", "Mouse Enabled"),
                   QT_TRANSLATE_NOOP("PlotMenu", "Enables mouse interaction (panning, scaling) for this axis.")),
    "visibleOnlyCheck": (QT_TRANSLATE_NOOP("PlotMenu", "Visible Data Only"),
                         QT_TRANSLATE_NOOP("PlotMenu", "When checked, the axis will only auto-scale to data that "
                                                       "is visible along the orthogonal axis.")),
    "autoPanCheck": (QT_TRANSLATE_NOOP("PlotMenu", "Auto Pan Only"),
                     QT_TRANSLATE_NOOP("PlotMenu", "When checked, the axis will automatically pan to center on "
                                                   "the current data, but the scale along this axis will not "
                                                   "change.")),
}


def _words(text: str) -> str:
    return QCoreApplication.translate(CONTEXT, text)


def retitle_view_menu(menu: ViewBoxMenu) -> None:
    """Every visible text of a ViewBox's menu, in the current language."""
    for action, text in zip(menu.actions(), ENTRIES):
        action.setText(_words(text))
    for action, text in zip(menu.mouseModes, MOUSE_MODES):
        action.setText(_words(text))
    for form in menu.ctrl:
        for name, (text, tooltip) in FORM.items():
            widget = getattr(form, name)
            if text:
                widget.setText(_words(text))
            widget.setToolTip(_words(tooltip))
