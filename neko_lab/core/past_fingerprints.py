"""Fingerprints of the shipped datasets as earlier versions recorded them in saves.

Until saves recorded the fingerprint of the data as a game reads it (core.data.fingerprint: line endings,
byte-order mark and provenance columns aside), they recorded a digest of the dataset files' text byte for
byte (core.data.raw_fingerprints), so that a save made where the files had other line endings, or before a
`source` column was corrected, was refused. EARLIER[game] maps each such digest of an earlier version's
shipped files (as committed, and with LF and with CRLF line endings, as a checkout may have them) to the
fingerprint of the data it stands for; only the versions whose data plays as this version's are listed.
A save carrying one loads when that fingerprint is still the shipped data's (core.saves): when the data
changes, they no longer match, and such a save is refused like any other made with other data.
"""

EARLIER: dict[str, dict[str, str]] = {
    "journey": {
        "2ec092759f196e2b": "4c208d08ddf021c8",
        "44645060477c3265": "4c208d08ddf021c8",
        "c3da0e705762f267": "4c208d08ddf021c8",
    },
    "naeco": {
        "4be4225108cb4aab": "0f792327f30d3596",
        "ccd660d84fdbf28e": "0f792327f30d3596",
    },
    "neptune": {
        "007a9e6706c035f9": "ffb6012a7faf972f",
        "55332c26a5833263": "ffb6012a7faf972f",
        "750387e427a935ca": "ffb6012a7faf972f",
        "a6ed04a2615d9ea7": "ffb6012a7faf972f",
        "e6b478820565928d": "ffb6012a7faf972f",
        "ef5c502036ab0165": "ffb6012a7faf972f",
    },
    "syndicate": {
        "0e9e3956b22f4448": "1deb0f5c473a1809",
        "2a6bdc7328025032": "1deb0f5c473a1809",
        "e67c6d515b7cecc6": "1deb0f5c473a1809",
    },
}
