"""Sound effects and music, silent whenever they cannot play.

`clips`: the effects and music loops, their WAV files and the audio library that plays
them; `player`: `Sound`, the UI's one object, with the thread that owns the audio;
`alsa`: ALSA's error messages kept off the terminal.
"""
