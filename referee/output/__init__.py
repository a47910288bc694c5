"""The output layer: a verdict shown to people and programs.

Streaming JSON and plain text (`render`), a terminal's colour (`terminal`), `--quiet` and GitHub
annotations (`outputs`), the step-by-step story (`story`, `explain`), the notice-board report
(`report`), the canonical form of a transcript (`fmt`), the template of a new one
(`template`), and every file written for a user replaced all or nothing (`atomic`). Nothing
here decides a ruling; it reads the verdict and the records.
"""
