import { msg } from '../messages';

/**
 * Defaults for the planner, each with the practitioner sentence it comes from (Chinese articles
 * "000"–"004", quoted in docs/sources.md). Users can change every one of them.
 */

/** Hours in a month of round-the-clock use: 8,760 h / 12 (article 001 §1.1: "8×730 等于 5840 卡时"). */
export const HOURS_PER_MONTH = 730;

/**
 * Spot reclaims per hour: one reclaim in the ~14.5-hour spot run of article 000 §7.4
 * ("整个训练过程中实例被回收了1次 … 总GPU租用时长折算下来大约是14.5小时"), i.e. 1 / 14.5 ≈ 0.07.
 * The same article's other spot run was reclaimed at 11 h 50 min (§2.3), the same order.
 */
export const DEFAULT_INTERRUPTIONS_PER_HOUR = 0.07;
/** The same source in words for the user (article 000 §7.4 is quoted in docs/sources.md): platforms publish no rate. */
export const INTERRUPTION_RATE_SOURCE = msg('plan.source.interruptions');

/** Minutes to write one checkpoint (training pauses meanwhile). Assumption: not stated in the articles. */
export const DEFAULT_CHECKPOINT_SAVE_MINUTES = 1;

/**
 * Minutes from a new spot instance to training again: boot from a saved image ("开卡三分钟",
 * article 001 §5.1) plus pulling data and the last checkpoint. Assumption beyond the 3 minutes.
 */
export const DEFAULT_RESTART_MINUTES = 10;

/** Work the user accepts to lose per reclaim: "如果一小时存一次，被回收时最多损失一小时" (article 001 §6.3). */
export const DEFAULT_MAX_LOSS_MINUTES = 60;

/** Setup and debugging billed before the real run: "只用了约1.5小时完成环境配置、代码调试、小批量试跑" (article 000 §7.2). */
export const DEFAULT_SETUP_HOURS = 1.5;

/** A forgotten instance idles until the idle script fires: "连续 6 次（30 分钟）GPU 利用率低于 5% 则关机" (article 001 §4.3). */
export const DEFAULT_IDLE_HOURS = 0.5;

/** Disk kept for the job: "一个100GB的磁盘一个月就要多花30元" (article 004 §2.1). */
export const DEFAULT_STORAGE_GB = 100;

/** CNY per GB·month of disk: "通常按0.1-0.3元/GB/月计算" (article 004 §2.1), midpoint. */
export const DEFAULT_STORAGE_CNY_PER_GB_MONTH = 0.2;

/** CNY per GB of traffic: upload 0.5–1, download 0.8–1.5 元/GB (article 004 §3.1), middle of the range. */
export const DEFAULT_EGRESS_CNY_PER_GB = 1;

/** CNY per GB·month of snapshot/image: "快照备份：约0.15元/GB/月" (article 004 §3.2). */
export const DEFAULT_SNAPSHOT_CNY_PER_GB_MONTH = 0.15;

/** Days a saved image is kept after the job. Assumption: one month. */
export const DEFAULT_SNAPSHOT_DAYS = 30;

/**
 * CNY per USD used only to turn the CNY defaults above into USD defaults. An assumption, not a quoted
 * rate (docs/sources.md): the articles give none. Every default it converts stays an editable field.
 */
export const CNY_PER_USD_FOR_DEFAULTS = 7.2;

/**
 * Idle draw of a server as a share of its draw at load: "even an energy-efficient server still
 * consumes about half its full power when doing virtually no work" (Barroso & Hölzle, "The Case
 * for Energy-Proportional Computing", IEEE Computer 40(12), 2007, https://doi.org/10.1109/MC.2007.443).
 * Used when the user gives no idle power, so power scales with utilization instead of charging
 * full load around the clock.
 */
export const IDLE_POWER_SHARE = 0.5;
