"""The Fortune Teller card picker's words: every card's name and text in the page's language.

The English names and texts are the engine's (`companion.engine.fortune`). The Spanish rulebook
names no card, so the Spanish below translates the card texts in the rulebook's own words
(caldero, gota, ficha, rubí, cola de rata, frasco).
"""

from __future__ import annotations

from typing import Any

from companion.engine import CARDS, OTHER_TITLES

SPANISH: dict[str, tuple[str, str]] = {
    "P01": ("El caldero se llena", "Cada jugador avanza su gota 1 casilla."),
    "P02": ("Tira el dado", "Cada jugador tira una vez el dado de bonificación y recibe lo que muestra."),
    "P03": ("Limosna", "El jugador o los jugadores con menos rubíes reciben 1 rubí cada uno."),
    "P04": ("Premio al novato", "El jugador o los jugadores con menos puntos de victoria meten 1 ficha "
            "verde de 1 en su bolsa."),
    "P05": ("Justo a tiempo", "Cada jugador elige: 4 puntos de victoria, o sacar para siempre 1 ficha "
            "blanca de 1 de su bolsa."),
    "P06": ("Solo puedes elegir una", "Cada jugador elige una: 1 ficha negra, cualquier ficha de 2 o "
            "3 rubíes."),
    "P07": ("Las ratas son tus amigas", "Cada jugador elige: cualquier ficha de 4, o 1 punto de victoria "
            "por cada cola de rata que recibe esta ronda."),
    "P08": ("Un buen comienzo", "Cada jugador elige: usar la piedra de rata como siempre, o renunciar a "
            "1, 2 o 3 colas de rata de esta ronda y recibir otros tantos rubíes."),
    "P09": ("Elige con sabiduría", "Cada jugador elige: avanzar su gota 2 casillas, o 1 ficha morada."),
    "P10": ("Trueques", "Cada jugador puede pagar 1 rubí por cualquier ficha de 1, salvo morada o negra."),
    "P11": ("Una ocasión favorable", "Cada jugador saca 4 fichas de su bolsa y puede cambiar una por la "
            "del mismo color y el valor siguiente (nunca naranja); quien no pueda, recibe 1 ficha verde "
            "de 1. Todas las fichas sacadas vuelven a la bolsa."),
    "P12": ("Menos es más", "Cada jugador saca 5 fichas de su bolsa; quien sume menos recibe 1 ficha azul "
            "de 2 y los demás 1 rubí. Todas las fichas sacadas vuelven a la bolsa."),
    "P13": ("Plaga de ratas", "Esta ronda cada jugador recibe el doble de colas de rata."),
    "B01": ("Vivir a lo grande", "Esta ronda un caldero solo explota si sus fichas blancas suman más de 9."),
    "B02": ("En su punto", "Quien tenga fichas blancas que sumen exactamente 7 al final de la ronda "
            "avanza su gota 1 casilla."),
    "B03": ("Afortunado", "Quien tenga un rubí en su casilla de puntuación esta ronda gana 2 puntos de "
            "victoria más, aunque su caldero haya explotado."),
    "B04": ("Brilla con fuerza", "Quien tenga un rubí en su casilla de puntuación esta ronda recibe "
            "1 rubí más."),
    "B05": ("Alegría ajena", "Cada vez que explota un caldero esta ronda, el jugador a la izquierda de "
            "su dueño recibe cualquier ficha de 2."),
    "B06": ("Bien removido", "Esta ronda cada jugador puede devolver a la bolsa la primera ficha blanca "
            "que saque (sin usar el frasco)."),
    "B07": ("El caldero rebosa", "Quien tire el dado de bonificación esta ronda lo tira dos veces y "
            "recibe ambos resultados."),
    "B08": ("Una segunda oportunidad", "Tras colocar sus 5 primeras fichas, cada jugador puede, una vez, "
            "seguir o devolver todas sus fichas a la bolsa y empezar de nuevo."),
    "B09": ("Ingrediente potente", "Empezando por el jugador inicial, quien se haya plantado sin explotar "
            "saca hasta 5 fichas y puede colocar 1 en su caldero; las demás vuelven a la bolsa."),
    "B10": ("Fiesta de la calabaza", "Esta ronda cada ficha naranja avanza 1 casilla más que su valor."),
    "B11": ("Poción mágica", "Al final de la ronda se rellena gratis el frasco de cada jugador."),
}

WORDS: dict[str, dict[str, str]] = {
    "en": {"search": "Which card was turned up? Type its name", "confirm": "This is the card",
           "draw": "Draw one for us", "none": "No card", "purple": "purple: now", "blue": "blue: this round",
           "no_match": "No unused card has that name"},
    "es": {"search": "¿Qué carta ha salido? Escribe su nombre", "confirm": "Es esta carta",
           "draw": "Saca una por nosotros", "none": "Sin carta", "purple": "morada: ahora",
           "blue": "azul: esta ronda", "no_match": "Ninguna carta sin usar tiene ese nombre"},
}


def catalog(lang: str) -> dict[str, Any]:
    """The picker's data for a page: its words, and every card with its name and text in `lang`
    (searchable by its English titles too, whatever the printing)."""
    cards = []
    for card in CARDS.values():
        name, text = SPANISH[card.id] if lang == "es" else (card.name, card.text)
        cards.append({"id": card.id, "kind": card.kind, "name": name, "text": text,
                      "search": [card.name, *OTHER_TITLES.get(card.id, ())]})
    return {"words": WORDS.get(lang, WORDS["en"]), "cards": cards}
