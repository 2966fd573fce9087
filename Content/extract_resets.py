#!/usr/bin/env python3
"""Extracts the reset library from the GetResett brief (../shared/seeds/000_9aa3b33678ffa0b4.txt) into
Content/resets.json, keeping every word exactly as the document has it. Run again if the brief changes:

    python3 Content/extract_resets.py ../shared/seeds/000_9aa3b33678ffa0b4.txt > Content/resets.json

The brief gives no description per reset, so a reset's description is the first line of its first step
(the document's own introduction to it)."""
import json
import re
import sys

SECTIONS = {"STRESSED": "stressed", "ANXIETY": "anxious", "RESTLESS": "restless", "TIRED": "tired", "SCATTERED": "scattered"}
EMOTIONS = [
    ("stressed", "Stressed", "Feeling overwhelmed by pressure or demands"),
    ("anxious", "Anxious", "Worried thoughts and racing mind"),
    ("restless", "Restless", "Unable to settle or focus your energy"),
    ("tired", "Tired", "Low energy and mental fatigue"),
    ("scattered", "Scattered", "Difficulty focusing or staying present"),
]


def main(path):
    text = open(path, encoding="utf-8").read()
    start = text.index("## 🎯 Reset Content Database")
    end = text.index("### Screen Flow")
    body = text[start:end]
    resets = []
    emotion = None
    current = None
    for line in body.splitlines():
        section = re.match(r"^### (\w+) RESETS", line)
        if section:
            emotion = SECTIONS[section.group(1)]
            continue
        heading = re.match(r"^#### \d+\. (.+?)(?: \(Interactive\))?\s*$", line)
        if heading:
            current = {"id": None, "emotion": emotion, "name": heading.group(1), "interactive": "(Interactive)" in line,
                       "scienceBenefit": None, "durationSeconds": None, "safetyNote": None, "steps": []}
            resets.append(current)
            continue
        if current is None:
            continue
        field = re.match(r"^\*\*(ID|Science|Duration|Safety Note)\*\*: (.+?)\s*$", line)
        if field:
            key, value = field.groups()
            if key == "ID":
                current["id"] = value.strip("`")
            elif key == "Science":
                current["scienceBenefit"] = value
            elif key == "Duration":
                current["durationSeconds"] = int(re.search(r"\d+", value).group(0))
            elif key == "Safety Note":
                current["safetyNote"] = value.strip('"')
            continue
        step = re.match(r'^\d+\. \*\*(.+?)\*\*: "(.*)"\s*$', line)
        if step:
            current["steps"].append({"title": step.group(1), "lines": step.group(2).split(" | ")})
            continue
        display = re.match(r'^- Display text: "(.*)"\s*$', line)
        if display:
            current["steps"].append({"title": current["name"], "lines": [display.group(1)]})
    for reset in resets:
        reset["description"] = reset["steps"][0]["lines"][0]
    library = {
        "source": "GetResett brief, ../shared/seeds/000_9aa3b33678ffa0b4.txt (Reset Content Database)",
        "emotions": [{"id": i, "label": label, "description": description} for i, label, description in EMOTIONS],
        "resets": [{key: reset[key] for key in ["id", "emotion", "name", "description", "scienceBenefit", "durationSeconds",
                                                  "safetyNote", "interactive", "steps"]} for reset in resets],
    }
    json.dump(library, sys.stdout, ensure_ascii=False, indent=2)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main(sys.argv[1])
