/** Every check, in the order of Zapier's reference. */
import { D002, D003, D026 } from './authentication';
import type { Check } from './check';
import { D018, D021 } from './copy';
import { D028 } from './flags';
import { D006, D016, D017 } from './hooks';
import { D001, D004, D009, D011, D022 } from './input-fields';
import { D007, D008, D025 } from './links-and-urls';
import { M002 } from './listing';
import { T002, T003, T004, T005, T006, Z001 } from './local-run';
import { D005, D013, D014, D015 } from './references';
import { D010, D012, D023, D024 } from './samples';

export const ALL_CHECKS: readonly Check[] = [
  D001,
  D002,
  D003,
  D004,
  D005,
  D006,
  D007,
  D008,
  D009,
  D010,
  D011,
  D012,
  D013,
  D014,
  D015,
  D016,
  D017,
  D018,
  D021,
  D022,
  D023,
  D024,
  D025,
  D026,
  D028,
  M002,
  T002,
  T003,
  T004,
  T005,
  T006,
  Z001,
];
