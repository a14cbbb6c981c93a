/**
 * Guest presses from many source addresses. The server limits presses per client address (30 a minute, keyed by
 * request.ip, modules/guest/guest.routes.ts), as a real restaurant's guests come from many phones. Linux routes all
 * of 127.0.0.0/8 to the loopback interface, so binding the client side to 127.0.x.y gives each simulated guest its
 * own address while all traffic stays on this machine.
 */
import http from 'node:http';

interface Source {
  agent: http.Agent;
  /** Times of the latest uses, oldest first, at most `limit` of them. */
  uses: number[];
}

export class SourceAddresses {
  private readonly ring: Source[] = [];
  private cursor = 0;
  private created = 0;

  /**
   * @param limit presses allowed per address within `windowMs` (kept under the server's 30 a minute)
   */
  constructor(
    private readonly limit = 25,
    private readonly windowMs = 62_000,
  ) {}

  get size(): number {
    return this.ring.length;
  }

  private create(): Source {
    const n = this.created++;
    const third = Math.floor(n / 253);
    if (third > 255) throw new Error('out of loopback source addresses');
    const localAddress = `127.0.${third}.${2 + (n % 253)}`;
    return { agent: new http.Agent({ keepAlive: true, localAddress }), uses: [] };
  }

  /**
   * The agent for the next press: round robin, and when the next address in turn pressed less than
   * window / limit ago (or has used its allowance within the window), a fresh address joins the ring in its place.
   * The ring therefore grows to rate × window / limit, and every address presses at an even pace over its one
   * keep-alive connection, like a guest's phone, instead of in bursts.
   */
  take(now: number): http.Agent {
    let source = this.ring[this.cursor];
    const spacing = this.windowMs / this.limit;
    if (
      !source ||
      now - (source.uses.at(-1) ?? -Infinity) < spacing ||
      (source.uses.length >= this.limit && now - source.uses[0]! < this.windowMs)
    ) {
      source = this.create();
      this.ring.splice(this.cursor, 0, source);
    }
    source.uses.push(now);
    if (source.uses.length > this.limit) source.uses.shift();
    this.cursor = (this.cursor + 1) % this.ring.length;
    return source.agent;
  }

  destroy(): void {
    for (const s of this.ring) s.agent.destroy();
  }
}

let staffDevices = 0;
/**
 * A loopback address of its own for each simulated staff device (127.1.x.y): the server caps staff sockets and
 * their handshakes per client address (decision 026), as real staff consoles come from their own phones.
 */
export function nextStaffDevice(): string {
  const n = staffDevices++;
  if (n >= 250 * 256) throw new Error('out of loopback staff addresses');
  return `127.1.${Math.floor(n / 250)}.${(n % 250) + 2}`;
}
