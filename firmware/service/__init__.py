"""The service menu (test mode) of the cabinet."""

from firmware.service.hookup import ServiceCabinet
from firmware.service.menu import ServiceMenu, opener

__all__ = ["ServiceCabinet", "ServiceMenu", "opener"]
