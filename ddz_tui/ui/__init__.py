"""The terminal app: screens, widgets and the stylesheet (app.tcss, the title's part, and
screens/screens.tcss, every other screen's)."""
