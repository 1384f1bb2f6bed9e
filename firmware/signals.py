"""LED and buzzer patterns, played without blocking the poll loop."""

# (duration ms, LED on, buzzer Hz or 0)
PATTERNS = {
    "read": ((40, 1, 0),),
    "accepted": ((80, 1, 2000),),
    "refused": ((150, 1, 400), (80, 0, 0), (150, 1, 400)),
    "exploded": ((150, 1, 220), (100, 0, 0), (150, 1, 220), (100, 0, 0), (600, 1, 150)),
}


class Signals:
    def __init__(self, led, tone):
        self.led = led  # led(0 | 1)
        self.tone = tone  # tone(hz); 0 silences
        self.steps = ()
        self.index = 0
        self.until = 0

    def play(self, name, now):
        steps = PATTERNS.get(name)
        if steps is None:
            return False
        self.steps = steps
        self.index = -1
        self.until = now
        self.update(now)
        return True

    def update(self, now):
        if not self.steps or now < self.until:
            return
        self.index += 1
        if self.index >= len(self.steps):
            self.steps = ()
            self.led(0)
            self.tone(0)
            return
        ms, led, hz = self.steps[self.index]
        self.led(led)
        self.tone(hz)
        self.until = now + ms
