"""The systemd unit hardware/install.sh installs."""
import configparser
import pathlib

UNIT = pathlib.Path(__file__).resolve().parents[2] / "hardware" / "quacks.service"


def test_the_unit_starts_on_a_system_without_spi_or_gpio_groups():
    unit = configparser.ConfigParser(strict=False, interpolation=None)
    unit.optionxform = str
    unit.read_string(UNIT.read_text())
    service = unit["Service"]
    # a group named here that the system lacks stops the unit (status 216/GROUP)
    assert "SupplementaryGroups" not in service and "Group" not in service
    assert service["User"] == "@USER@"  # the user's own groups apply, set by install.sh
