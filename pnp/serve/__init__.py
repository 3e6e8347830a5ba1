"""`pnp serve`: the kit's gallery in the browser, rebuilt on every save of its inputs.

- `watch`: which files a kit reads and whether any changed (polling: no platform's file
  events, editors' rename-on-save included);
- `gallery`: the HTTP server of the output folder, loopback by default, that serves only the
  files of the kit it built, and tells the open pages by server-sent events what happened;
- `session`: the loop: check, rebuild, tell; a problem is shown over the last good kit.
"""
