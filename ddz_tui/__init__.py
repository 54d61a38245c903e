"""ddz-tui: Dou Dizhu (斗地主, Fight the Landlord) in the terminal."""

__version__ = "0.1.0"
