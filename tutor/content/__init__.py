"""Content machinery: the schema of lessons and puzzles, the loader with file:line errors, the
linter that proves every item against the engine, grading, the daily pick, the generator, the
printable worksheet and PBN import. Nothing here imports streamlit."""
