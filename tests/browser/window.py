"""The windows the browser tests open (a phone's and a desktop's) and how long a page and a tap may take."""

SIZES = {"phone": (390, 844), "desktop": (1280, 800)}
UI_TIMEOUT_MS = 15_000
#: Flet's message action for "these properties of a control changed" (a field's value, sent by the page).
UPDATE_CONTROL_PROPS = 4
#: How long fill() waits for the app to report the first typed character before it focuses the field again.
#: A value longer than this is pasted after its first key (a deck file, say): one edit for the page and the
#: app, as a clipboard gives it, not a key and a message to the server for each character.
PASTE_OVER = 40
FIRST_KEY_MS = 5_000
#: How long a tap that opens another screen has before it is made again (Back excepted).
NAVIGATION_MS = 4_000
