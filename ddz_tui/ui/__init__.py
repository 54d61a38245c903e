"""The terminal app: screens, widgets and one stylesheet (app.tcss)."""
