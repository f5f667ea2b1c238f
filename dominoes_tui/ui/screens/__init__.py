"""The screens of the app, a sub-package a room: table/, replay/, settings/, records/ and
hosted/. Here, what several rooms share: confirm, help, the scoresheet, the offer to resume,
and the records' words."""
