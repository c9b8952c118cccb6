/**
 * The bounded queue in front of every worker pool (password hashing, images, calendar
 * parsing): at most `concurrency` tasks run at once, at most `maxQueue` wait their turn, and a
 * waiter gives up after `queueTimeoutMs`. A task that cannot be taken (queue full), waited too
 * long, or (with `runTimeoutMs`) ran too long rejects with `BusyError`, which the routes answer
 * with 503 and `Retry-After`. A task that ran too long keeps its slot until it really ends, so
 * the bound on work in progress always holds.
 *
 * The queue is shared fairly between the clients asking (R8: a stranger's burst must not deny
 * sign-in to everyone else). Each task names its `source`, a client (the IP address) and the
 * account it is for; a client may have at most `maxWaitingPerClient` tasks waiting and at most
 * `maxWaitingPerPair` for one account, and anything beyond is refused at once while other
 * clients still queue. A freed slot goes to the clients in turn (round robin, each client's
 * own tasks in order; a task that started at once counts as its client's turn), so a newcomer
 * waits for the tasks running and at most one task of each client ahead of it, however many
 * the others sent. A client is kept only while it has a task waiting: the queue holds at most
 * `maxQueue` tasks in at most `maxQueue` clients, whatever the traffic.
 */
import { BusyError } from "../errors.ts";

export const BUSY_MESSAGE = "The server is busy. Please try again in a few seconds.";

export interface TaskPoolOptions {
  /** Tasks running at once (at least 1). */
  concurrency: number;
  /** Tasks waiting for a slot, from all clients together; one more is refused at once (0: no queue). */
  maxQueue: number;
  /** Tasks one client may have waiting; unset: only `maxQueue` bounds them. */
  maxWaitingPerClient?: number;
  /** Tasks one client may have waiting for one account; unset: only the client's bound applies. */
  maxWaitingPerPair?: number;
  /** How long a task may wait for a slot before it is refused. */
  queueTimeoutMs: number;
  /** How long a caller waits for a running task before it is answered with `BusyError`; unset: no limit. */
  runTimeoutMs?: number;
  /** The `Retry-After` of the `BusyError`. */
  retryAfterSeconds: number;
  message?: string;
}

/** Who a task is for: the client asking (an IP address) and the account it concerns. */
export interface TaskSource {
  client: string;
  account: string;
  /**
   * The server's own work (start-up, demo data, scripts): it waits and runs as long as it takes.
   * A request is refused rather than kept waiting; a start-up refused on a loaded machine (CI
   * saw the demo seed's hash starved past 10 s) would stop the server instead.
   */
  patient?: boolean;
}

/** Work without a source shares one client (uploads, calendar parses, scripts). */
const ANONYMOUS: TaskSource = { client: "", account: "" };

interface Waiter {
  account: string;
  start: () => void;
  timer: ReturnType<typeof setTimeout> | undefined;
}

type Limits = Required<Omit<TaskPoolOptions, "runTimeoutMs">> & Pick<TaskPoolOptions, "runTimeoutMs">;

function wholeNumber(value: number, min: number, name: string): void {
  if (!Number.isInteger(value) || value < min) {
    throw new RangeError(`${name} must be a whole number of at least ${min}`);
  }
}

export class TaskPool {
  readonly #options: Limits;
  #running = 0;
  #waiting = 0;
  /**
   * Each client's waiting tasks, in the order they came. The map's order is the round robin:
   * the client served next is first, and a client that still has tasks after its turn goes
   * last. An empty list is deleted at once.
   */
  readonly #clients = new Map<string, Waiter[]>();

  constructor(options: TaskPoolOptions) {
    wholeNumber(options.concurrency, 1, "concurrency");
    wholeNumber(options.maxQueue, 0, "maxQueue");
    const perClient = options.maxWaitingPerClient ?? options.maxQueue;
    const perPair = options.maxWaitingPerPair ?? perClient;
    wholeNumber(perClient, 0, "maxWaitingPerClient");
    wholeNumber(perPair, 0, "maxWaitingPerPair");
    this.#options = {
      message: BUSY_MESSAGE,
      ...options,
      maxWaitingPerClient: perClient,
      maxWaitingPerPair: perPair,
    };
  }

  /** Tasks that may run at once. */
  get concurrency(): number {
    return this.#options.concurrency;
  }

  /** Tasks running now. */
  get running(): number {
    return this.#running;
  }

  /** Tasks waiting for a slot now. */
  get waiting(): number {
    return this.#waiting;
  }

  /** Clients with a task waiting now (each is forgotten when it has none). */
  get waitingClients(): number {
    return this.#clients.size;
  }

  /**
   * Runs `task` when a slot is free; rejects with `BusyError` when the queue (or the client's
   * share of it) is full, the wait too long, or the task too slow (it then goes on, holding
   * its slot, and its result is dropped).
   */
  async run<T>(task: () => Promise<T>, source: TaskSource = ANONYMOUS): Promise<T> {
    if (this.#running < this.#options.concurrency && this.#waiting === 0) {
      this.#running++;
    } else {
      await this.#wait(source);
    }
    const work = (async () => {
      try {
        return await task();
      } finally {
        this.#release(source.client);
      }
    })();
    const limit = source.patient ? undefined : this.#options.runTimeoutMs;
    if (limit === undefined) return await work;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tooSlow = new Promise<never>((_, reject) => timer = setTimeout(() => reject(this.#busy()), limit));
    try {
      return await Promise.race([work, tooSlow]);
    } finally {
      clearTimeout(timer);
      work.catch(() => {}); // A late failure has no one left to tell.
    }
  }

  #busy(): BusyError {
    return new BusyError(this.#options.message, this.#options.retryAfterSeconds);
  }

  /** Whether one more task of `source` may wait: the queue's, the client's and the pair's bounds. */
  #hasRoom({ client, account }: TaskSource): boolean {
    if (this.#waiting >= this.#options.maxQueue) return false;
    const queued = this.#clients.get(client) ?? [];
    if (queued.length >= this.#options.maxWaitingPerClient) return false;
    // A client's list is at most `maxWaitingPerClient` long, so counting is cheap.
    return queued.filter((w) => w.account === account).length < this.#options.maxWaitingPerPair;
  }

  /** Resolves once a slot has been handed to this caller (the slot is already counted). */
  #wait(source: TaskSource): Promise<void> {
    if (!this.#hasRoom(source)) return Promise.reject(this.#busy());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        account: source.account,
        start: resolve,
        timer: source.patient ? undefined : setTimeout(() => {
          this.#remove(source.client, waiter);
          reject(this.#busy());
        }, this.#options.queueTimeoutMs),
      };
      const queued = this.#clients.get(source.client);
      if (queued) queued.push(waiter);
      else this.#clients.set(source.client, [waiter]); // A new client joins the end of the round.
      this.#waiting++;
    });
  }

  /** Takes a waiter that gave up out of its client's list, and the client out when that empties. */
  #remove(client: string, waiter: Waiter): void {
    const queued = this.#clients.get(client);
    const index = queued?.indexOf(waiter) ?? -1;
    if (!queued || index < 0) return;
    queued.splice(index, 1);
    this.#waiting--;
    if (queued.length === 0) this.#clients.delete(client);
  }

  /**
   * Hands the slot `client` just freed to the next client's first waiter, or gives it back.
   * That task was `client`'s turn (also when it started at once, without waiting), so `client`
   * goes to the back of the round first: a newcomer is served before its second task.
   */
  #release(client: string): void {
    const own = this.#clients.get(client);
    if (own) {
      this.#clients.delete(client);
      this.#clients.set(client, own);
    }
    const turn = this.#clients.entries().next();
    if (turn.done) {
      this.#running--;
      return;
    }
    const [next, queued] = turn.value;
    const waiter = queued.shift()!;
    this.#waiting--;
    // Its turn taken, the client goes last, or leaves when it has nothing more waiting.
    this.#clients.delete(next);
    if (queued.length > 0) this.#clients.set(next, queued);
    clearTimeout(waiter.timer);
    waiter.start(); // The slot passes on; `#running` is unchanged.
  }
}
