import { conformanceTests } from './matrix.ts';

conformanceTests('moe');
