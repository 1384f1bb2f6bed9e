"""axe-core, run in the page as it stands: the WCAG 2.2 A and AA rules and axe's best practices.

The copy in vendor/axe.min.js is axe-core 4.11.0 from the npm registry (`npm pack axe-core@4.11.0`,
sha256 e9e5863c33a874f09bc01acd9234b7e3c871479f5eef8802fa582544465e6d01), unchanged, with its
licence header (MPL 2.0)."""

from __future__ import annotations

from pathlib import Path

AXE = Path(__file__).parent / "vendor" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
GRAVE = ("serious", "critical")


def violations(page) -> list[dict]:
    """Every rule the page breaks now: its id, impact, help text and the nodes (as CSS selectors)."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    return page.evaluate("""async (tags) => {
        const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
        return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map((n) => n.target.join(" ")) }));
    }""", TAGS)


def grave(found: list[dict]) -> list[str]:
    """The serious and critical ones, in words a test failure can show."""
    return [f"{v['impact']} {v['id']}: {v['help']} ({len(v['nodes'])}: {', '.join(v['nodes'][:4])})"
            for v in found if v["impact"] in GRAVE]
