"""«Оборона Замка»: an asymmetric hex game of a castle attacked and defended."""
