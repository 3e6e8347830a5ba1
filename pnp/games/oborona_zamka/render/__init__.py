"""«Оборона Замка»'s own renderers: the paper models of the fortress wall and the castle."""
