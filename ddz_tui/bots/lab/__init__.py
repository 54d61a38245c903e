"""Measuring bots: `arena` plays level against level on duplicate deals (`ddz arena`),
`simulate` plays headless games and tallies them (`ddz simulate`). Nothing the game runs
imports this package."""
