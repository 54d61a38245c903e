"""The table as plain values, with no Textual in sight: what lies in front of each
seat (`reading`), the sounds it makes (`cues`) and everything the table screen and
the replay screen draw (`table`). Tested without a terminal."""
