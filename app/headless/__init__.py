"""The commands that run without a display (export, export --model, train, lesson, models, --smoke-test):
they build what they need of app.window offscreen, and app.window never imports them."""
