"""Fingerprints of the shipped datasets as earlier versions recorded them in saves.

Until saves recorded the fingerprint of the data as a game reads it (core.data.fingerprint: line endings,
byte-order mark and provenance columns aside), they recorded a digest of the dataset files' text byte for
byte (core.data.raw_fingerprints), so that a save made where the files had other line endings, or before a
`source` column was corrected, was refused. EARLIER[game] maps each such digest of an earlier version's
shipped files (as committed, and with LF and with CRLF line endings, as a checkout may have them) to the
fingerprint of the data it stands for; only the versions whose data plays as this version's are listed.
A save carrying one loads when that fingerprint is still the shipped data's (core.saves): when the data
changes, they no longer match, and such a save is refused like any other made with other data. The
values are core.data.fingerprint as it is now: a change to what it digests changes them all (the saves
of earlier versions that tests/core/test_fingerprint.py loads are then refused, and it fails).
"""

EARLIER: dict[str, dict[str, str]] = {
    "journey": {
        "2ec092759f196e2b": "4f29631dd290ad73",
        "44645060477c3265": "4f29631dd290ad73",
        "c3da0e705762f267": "4f29631dd290ad73",
    },
    "naeco": {
        "4be4225108cb4aab": "c9b3ac10c3121149",
        "ccd660d84fdbf28e": "c9b3ac10c3121149",
    },
    "neptune": {
        "007a9e6706c035f9": "cebd4925537cb45b",
        "55332c26a5833263": "cebd4925537cb45b",
        "750387e427a935ca": "cebd4925537cb45b",
        "a6ed04a2615d9ea7": "cebd4925537cb45b",
        "e6b478820565928d": "cebd4925537cb45b",
        "ef5c502036ab0165": "cebd4925537cb45b",
    },
    "syndicate": {
        "0e9e3956b22f4448": "12250986f4f96997",
        "2a6bdc7328025032": "12250986f4f96997",
        "e67c6d515b7cecc6": "12250986f4f96997",
    },
}
