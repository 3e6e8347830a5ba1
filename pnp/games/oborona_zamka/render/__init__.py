"""«Оборона Замка»'s own renderers: the parts of its kit no general renderer draws."""
