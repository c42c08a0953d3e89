import { conformanceTests } from './matrix.ts';

conformanceTests('gated_delta_rule');
