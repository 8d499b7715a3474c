"""The web: a game shared as a link or a file (`sharing`, `shared_file`), the play pages' page in a browser with no
kernel (`page`), and what the kit does differently inside a web page (`browser`)."""
