"""ТВЕРДЖА's own renderers: the lens board, the castle mats, the aids, token art, icon art."""
