"""ВУЛИК, a tiny game pack outside pnp: it proves a game is added without editing pnp.

Installed by putting tests/packs/ on the path: its ``pnp_vulyk-0.1.dist-info`` declares
the pack in the ``pnp.games`` entry-point group, as a real distribution would.
"""
