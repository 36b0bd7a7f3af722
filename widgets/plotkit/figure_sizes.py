"""The named figure sizes the export dialog and the command line offer (no Qt: the command line
reads them before it loads Qt)."""

#: A journal's single column and full page width, and a 16:9 slide in pixels: (width, height, unit).
SIZE_PRESETS = {"column": (8.5, 6.4, "cm"), "page": (17.5, 8.75, "cm"), "slide": (1920.0, 1080.0, "px")}
