"""The build cache: each renderer's output kept under a key of everything it read, so that a
rebuild renders only what changed (pnp.build). `fingerprint` digests values, `reads` records what
a renderer reads of the model, `store` keeps the entries on disk."""
