import { conformanceTests } from './matrix.ts';

conformanceTests('attention');
