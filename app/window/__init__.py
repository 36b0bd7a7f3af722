"""The window shell: the main window, its document and owners, menus, docks, settings and autosave."""
