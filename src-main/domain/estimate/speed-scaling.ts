import type { Card } from '../catalog';
import type { PeerToPeer } from './input';
import { SPEED, memoryClass } from './speed-constants';
import { msg, type Message } from '../messages';

/**
 * All-reduce bus bandwidth between the cards of one machine, in bytes/s, and what it was derived from.
 * `peerToPeer` 'auto' takes NVLink where the card has it (a bridge joins only two GeForce, workstation or
 * PCIe cards; more talk over PCIe), 'nvlink' forces it where the card has it, 'pcie' and 'none' use the
 * PCIe bus rate. Host-staged transfers ('none': GeForce cards without P2P, NCCL's SHM transport) get the
 * same rate: the one measurement behind it (NVIDIA/nccl#1639, docs/sources.md) is of GeForce cards, which
 * have no P2P, and each byte crosses a different link on its way up and down, so PCIe stays the limit.
 */
export function linkBusBandwidth(
  card: Card,
  gpus: number,
  peerToPeer: PeerToPeer = 'auto',
): { bytesPerSecond: number; label: Message } {
  const nvlink = card.interconnect.nvlinkGBps;
  const bridge = memoryClass(card) === 'gddr' || /PCIe/i.test(card.name);
  const useNvlink = peerToPeer === 'nvlink' || (peerToPeer === 'auto' && (gpus <= 2 || !bridge));
  if (nvlink !== null && useNvlink) {
    // NVLink figures are totals of both directions; NCCL reaches ~75% of one direction.
    const gbps = (nvlink / 2) * SPEED.nvlinkBusEfficiency;
    return { bytesPerSecond: gbps * 1e9, label: msg('speed.link.nvlink', { total: nvlink, bus: gbps }) };
  }
  const gbps = SPEED.pcieGen4BusGBps * 2 ** (card.interconnect.pcieGen - 4);
  return {
    bytesPerSecond: gbps * 1e9,
    label: msg('speed.link.pcie', { gen: card.interconnect.pcieGen, bus: gbps }),
  };
}
