def render(view, actions, pending=None):
    return "<svg xmlns='http://www.w3.org/2000/svg'/>"
