/* The characters of the character maps and the terrain codes their readers
 * give them, for the parsers that name tiles the same way (edits files).
 * Not installed. */
#ifndef WF_IO_MAP_CHARS_H
#define WF_IO_MAP_CHARS_H

#include <stdint.h>

/* Moving AI map character c: 1 passable (cost 1), 2 blocked, 0 not a map
 * character. Its terrain code is c itself. */
int wf__movingai_char_class(unsigned char c);

/* Terrain code of ASCII map character c ('S' and 'G' stand on '.'), 0 when
 * c is not a map character. */
uint8_t wf__ascii_code(unsigned char c);

#endif
