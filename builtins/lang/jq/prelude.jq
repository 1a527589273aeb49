# jq computes numbers in doubles (`numbers.rs`): `floor` of an integer past 2^53 is the double
# it rounds to; `nearbyint` rounds a half to even as `rint` does; a subnormal is not normal.
def floor: __jq_floor;
def ceil: __jq_ceil;
def round: __jq_round;
def significand: __jq_significand;
def nearbyint: rint;
def isnormal: isnumber and fabs >= 2.2250738585072014e-308 and (isinfinite | not);
# The exponent of `ldexp` as C's `(int)` makes it, of `scalbln` as `(long)` (NaN and what lies
# outside the range become the lowest integer, as on x86), kept within what jaq takes.
def __jq_cint: if isnan or . >= 2147483648 or . <= -2147483649 then -2147483648
  elif . < 0 then 0 - (0 - . | floor) else floor end;
def __jq_clong: if isnan or . >= 9223372036854775808 or . < -9223372036854775808 then -2147483648
  elif . > 2147483647 then 2147483647 elif . < -2147483648 then -2147483648 else __jq_cint end;
def __jq_ldexp(a; b): ldexp(a; b);
def ldexp(a; b): __jq_ldexp(a; b | __jq_cint);
def __jq_scalbln(a; b): scalbln(a; b);
def scalbln(a; b): __jq_scalbln(a; b | __jq_clong);
def __jq_indexable($i): if type == "object" or type == "string" then error("Cannot index \(type) with number (\($i))") else . end;
def __jq_key: if type == "string" then . else error("Cannot use \(__jq_describe) as object key") end;
def env: $ENV;
def input_filename: $__input_filename;
def get_search_list: $__search_list;
def get_prog_origin: $__prog_origin;
def stderr: (__jq_stderr as $x | .), .;
def debug: (__jq_debug as $x | .), .;
def debug(msgs): ((msgs | __jq_debug) as $x | .), .;
def halt_error($code): (__jq_halt_message as $x | .), halt($code);
def halt_error: halt_error(5);
def tojson: __jq_tojson;
# jaq-json's `@json` is its own `tojson` (no depth limit, jaq's numbers).
def @json: __jq_tojson;
def @base64d: tostring | __jq_base64d;
def @urid: tostring | __jq_urid;
def tostring: if type == "string" then . else __jq_tojson end;
# jq formats what is not a string as its JSON text (`nan` as null), where jaq writes its own.
def @text: tostring;
def __jq_html: @html;
def @html: tostring | __jq_html;
def __jq_uri: @uri;
def @uri: tostring | __jq_uri;
def __jq_base64: @base64;
def @base64: tostring | __jq_base64;
# A float with an integral value below 2^53 as the integer jq writes (`5`, not `5.0`).
def __jq_num: if type == "number" and . == floor and (if . < 0 then -. else . end) < 9007199254740992 then floor else . end;
def repeat(f): def rec: __jq_guard | f, rec; rec;
def recurse(f): def rec: __jq_guard | ., (f | rec); rec;
def recurse: recurse(.[]?);
def recurse(f; cond): recurse(f | select(cond));
def while(cond; update): def rec: __jq_guard | if cond then ., (update | rec) else empty end; rec;
def until(cond; update): def rec: __jq_guard | if cond then . else update | rec end; rec;
def __jq_range($from; $upto; $by): range($from; $upto; $by);
# A path longer than jq's 10,000 steps is refused, as jq 1.8 refuses it.
def setpath($p; $v): if ($p | type) == "array" and ($p | length) > 10000 then error("Path too deep")
  else __jq_setpath($p; $v) end;
def delpaths($ps): if ($ps | type) == "array" and any($ps[]; type == "array" and length > 10000)
  then error("Path too deep") else __jq_delpaths($ps) end;
def __jq_assign(paths; $v): __jq_update([path(paths)]; $v);
def __jq_modify(paths; f): __jq_update([path(paths)]; f);
def del(f): delpaths([path(f)]);
def map_values(f): __jq_modify(.[]; f);
# Without recursion (`walk.rs`): a value nested a million deep is walked as jq walks it.
def walk(f): __jq_walk(f);
def pick(pathexps): . as $in | reduce path(pathexps) as $p (null; setpath($p; $in | getpath($p)));
def paths: path(..) | select(length > 0);
def paths(node_filter): path(.. | select(node_filter)) | select(length > 0);
def from_entries: reduce .[] as $e ({}; . + {($e | .key // .Key // .name // .Name | __jq_key): ($e | if has("value") then .value else .Value end)});
def join($sep): reduce .[] as $item (null; (if . == null then "" else . + $sep end) + ($item | if type == "boolean" or type == "number" then tostring elif . == null then "" else . end)) // "";
def abs: if . < 0 then - . else . end;
def __jq_limit($n; f): limit($n; f);
def limit($n; f): if $n < 0 then error("limit doesn't support negative count") else __jq_limit($n; f) end;
def __jq_skip($n; f): skip($n; f);
def skip($n; f): if $n < 0 then error("skip doesn't support negative count") else __jq_skip($n; f) end;
def nth($n; f): if $n < 0 then error("nth doesn't support negative indices") else first(skip($n; f)) end;
def IN(s): any(s == .; .);
def IN(src; s): any(src == s; .);
def INDEX(stream; key): reduce stream as $row ({}; .[$row | key | tostring] = $row);
def INDEX(key): INDEX(.[]; key);
def JOIN($index; key): [.[] | [., $index[key]]];
def JOIN($index; stream; key): stream | [., $index[key]];
def JOIN($index; stream; key; join): stream | [., $index[key]] | join;
# `tostream` is a native (`mod.rs`): it stops at jq's "Path too deep".
def tostream: __jq_tostream;
def fromstream(events):
  foreach events as $e ([null, false];
    (if .[1] then null else .[0] end) as $value
    | if ($e | length) == 2 then [($value | setpath($e[0]; $e[1])), ($e[0] | length) == 0]
      else [$value, ($e[0] | length) == 1] end;
    if .[1] then .[0] else empty end);
def truncate_stream(stream): . as $depth | null | stream | select(.[0] | length > $depth) | .[0] |= .[$depth:];
def capture(re; flags): match(re; flags) | reduce (.captures[] | select(.name != null)) as $c ({}; . + {($c.name): $c.string});
def capture($re): capture($re; null);
def have_literal_numbers: true;
def have_decnum: true;
def __jq_has($k): has($k);
# An array has no NaN index (jq 1.8), and a key of the wrong kind is jq's error.
def has($k): ($k | type) as $t
  | if type == "array" and $t == "number" then ($k | isnan | not) and __jq_has($k)
    elif type == "object" and $t == "string" then __jq_has($k)
    else error("Cannot check whether \(type) has a \($t) key") end;
def in(xs): . as $x | xs | has($x);
def getpath($path): if ($path | type) != "array" then error("Path must be specified as an array")
  elif ($path | length) > 10000 then error("Path too deep")
  else reduce $path[] as $p (.; .[$p]) end;
# jq's strings' own `indices`: where `$i` starts in the input, in code points.
def _strindices($i): if type != "string" then error("\(__jq_describe) cannot be searched, as it is not a string")
  elif ($i | type) != "string" then error("\($i | __jq_describe) is not a string")
  else indices($i) end;
# Past the last input `input` is jq's error "break" (jaq's gives nothing).
def input: first(inputs, error("break"));
def __jq_bsearch($t): bsearch($t);
def bsearch($t): if type == "array" then __jq_bsearch($t) else error("\(__jq_described) cannot be searched from") end;
def __jq_length: length;
def length: if type == "number" then __jq_magnitude else __jq_length end;
def __jq_utf8bytelength: utf8bytelength;
def utf8bytelength: if type == "string" then __jq_utf8bytelength else error("\(__jq_described) only strings have UTF-8 byte length") end;
def __jq_trim: trim;
def __jq_ltrim: ltrim;
def __jq_rtrim: rtrim;
def trim: if type == "string" then __jq_trim else error("trim input must be a string") end;
def ltrim: if type == "string" then __jq_ltrim else error("trim input must be a string") end;
def rtrim: if type == "string" then __jq_rtrim else error("trim input must be a string") end;
def __jq_implode: implode;
# jq's implode: numbers only (truncated), and a code point outside Unicode or a surrogate
# becomes U+FFFD.
def implode: if type != "array" then error("implode input must be an array") else
  map(if type != "number" or isnan then error("\(type) (\(tojson)) can't be imploded, unicode codepoint needs to be numeric")
      else (if . < 0 then 0 - (0 - . | floor) else floor end) as $c
      | if $c < 0 or $c > 1114111 or ($c >= 55296 and $c <= 57343) then 65533 else $c end end)
  | __jq_implode end;
# The name/arity of every builtin defined here (jq 1.8's list, less what toolsh lacks).
def builtins: ("IN/1 IN/2 INDEX/1 INDEX/2 JOIN/2 JOIN/3 JOIN/4 abs/0 acos/0 acosh/0 add/0 add/1 all/0 all/1 "
  + "all/2 any/0 any/1 any/2 arrays/0 ascii_downcase/0 ascii_upcase/0 asin/0 asinh/0 atan/0 atan2/2 "
  + "atanh/0 booleans/0 bsearch/1 builtins/0 capture/1 capture/2 cbrt/0 ceil/0 combinations/0 "
  + "combinations/1 contains/1 copysign/2 cos/0 cosh/0 debug/0 debug/1 del/1 delpaths/1 drem/2 "
  + "empty/0 endswith/1 env/0 erf/0 erfc/0 error/0 error/1 exp/0 exp10/0 exp2/0 explode/0 expm1/0 "
  + "fabs/0 fdim/2 finites/0 first/0 first/1 flatten/0 flatten/1 floor/0 fma/3 fmax/2 fmin/2 fmod/2 "
  + "format/1 frexp/0 from_entries/0 fromdate/0 fromdateiso8601/0 fromjson/0 fromstream/1 gamma/0 "
  + "get_prog_origin/0 get_search_list/0 getpath/1 gmtime/0 group_by/1 gsub/2 gsub/3 halt/0 halt_error/0 halt_error/1 has/1 have_decnum/0 "
  + "have_literal_numbers/0 hypot/2 implode/0 in/1 index/1 indices/1 infinite/0 input/0 "
  + "input_filename/0 input_line_number/0 inputs/0 inside/1 isempty/1 isfinite/0 isinfinite/0 isnan/0 "
  + "isnormal/0 iterables/0 j0/0 j1/0 jn/2 join/1 keys/0 keys_unsorted/0 last/0 last/1 ldexp/2 "
  + "length/0 lgamma/0 limit/2 localtime/0 log/0 log10/0 log1p/0 log2/0 logb/0 ltrim/0 ltrimstr/1 "
  + "map/1 map_values/1 match/1 match/2 max/0 max_by/1 min/0 min_by/1 mktime/0 modf/0 modulemeta/0 nan/0 "
  + "nearbyint/0 nextafter/2 nexttoward/2 normals/0 not/0 now/0 nth/1 nth/2 nulls/0 numbers/0 "
  + "objects/0 path/1 paths/0 paths/1 pick/1 pow/2 range/1 range/2 range/3 recurse/0 recurse/1 "
  + "recurse/2 remainder/2 repeat/1 reverse/0 rindex/1 rint/0 round/0 rtrim/0 rtrimstr/1 scalars/0 "
  + "scalb/2 scalbln/2 scan/1 scan/2 select/1 setpath/2 significand/0 sin/0 sinh/0 skip/2 sort/0 "
  + "sort_by/1 split/1 split/2 splits/1 splits/2 sqrt/0 startswith/1 stderr/0 strflocaltime/1 "
  + "strftime/1 strings/0 strptime/1 sub/2 sub/3 tan/0 tanh/0 test/1 test/2 tgamma/0 to_entries/0 "
  + "toboolean/0 todate/0 todateiso8601/0 tojson/0 tonumber/0 tostream/0 tostring/0 transpose/0 "
  + "trim/0 trimstr/1 trunc/0 truncate_stream/1 type/0 unique/0 unique_by/1 until/2 utf8bytelength/0 "
  + "values/0 walk/1 while/2 with_entries/1 y0/0 y1/0 yn/2") / " ";
# jq's gamma is the C library's: the logarithm of the gamma function (jaq's is tgamma).
def gamma: lgamma;
def __jq_regex_args($val): ($val | type) as $t
  | if $t == "string" then [$val, null]
    elif $t == "array" and ($val | length) > 1 then $val[:2]
    elif $t == "array" and ($val | length) > 0 then [$val[0], null]
    else error("\($t) not a string or array") end;
def __jq_named: reduce (.captures[] | select(.name != null)) as $c ({}; . + {($c.name): $c.string});
def match(re; flags): __jq_match(re; flags; false)[];
def match($val): __jq_regex_args($val) as [$re, $flags] | match($re; $flags);
def test(re; flags): __jq_match(re; flags; true);
def test($val): __jq_regex_args($val) as [$re, $flags] | test($re; $flags);
def capture(re; flags): match(re; flags) | __jq_named;
def capture($val): __jq_regex_args($val) as [$re, $flags] | capture($re; $flags);
def scan($re; $flags): match($re; "g" + $flags) | if (.captures | length) > 0 then [.captures[].string] else .string end;
def scan($re): scan($re; null);
def split($re; flags): . as $s
  | ([0] + [match($re; flags + "g") | (.offset, .offset + .length)] + [$s | length]) as $cuts
  | [range(0; $cuts | length; 2) as $i | $s[$cuts[$i]:$cuts[$i + 1]]];
def splits($re; flags): split($re; flags)[];
def splits($re): splits($re; null);
def sub($re; str; $flags): . as $in
  | [match($re; $flags)] as $edits
  | if $edits == [] then $in
    else [$edits[] | [__jq_named | str]] as $inserts
      | range(0; $inserts[0] | length) as $k
      | reduce range(0; $edits | length) as $e ({out: [], at: 0};
          .out += [$in[.at:$edits[$e].offset], $inserts[$e][$k]]
          | .at = $edits[$e].offset + $edits[$e].length)
      | .out + [$in[.at:]] | add
    end;
def sub($re; str): sub($re; str; "");
def gsub($re; str; $flags): sub($re; str; $flags + "g");
def gsub($re; str): sub($re; str; "g");
def tonumber: if type == "number" then . else __jq_tonumber end;
def toboolean: if type == "boolean" then . elif . == "true" then true elif . == "false" then false
  else error("\(__jq_describe) cannot be parsed as a boolean") end;
def __jq_flatten($depth): flatten($depth);
def flatten($depth): if $depth < 0 then error("flatten depth must not be negative") else __jq_flatten($depth) end;
# What the rewrite (`rewrite.rs`) calls: negation, object keys and the update of `reduce` and
# `foreach` in jq's terms.
def __jq_negate: if type == "number" then -. else error("\(__jq_describe) cannot be negated") end;
def __jq_last(f): reduce f as $x (null; $x);
def fromjson: __jq_fromjson;
# jq 1.8's words where jaq's differ (`cannot use {} as array`), and its results where a
# definition of jq's gives one for what jaq refuses (`{} | reverse` is `[]`).
def __jq_keys: keys;
def __jq_keys_unsorted: keys_unsorted;
def keys: if type == "object" or type == "array" then __jq_keys else error("\(__jq_describe) has no keys") end;
def keys_unsorted: if type == "object" or type == "array" then __jq_keys_unsorted else error("\(__jq_describe) has no keys") end;
def to_entries: [keys_unsorted[] as $k | {key: $k, value: .[$k]}];
def with_entries(f): to_entries | map(f) | from_entries;
def __jq_explode: explode;
def explode: if type == "string" then __jq_explode else error("explode input must be a string") end;
def __jq_ascii_downcase: ascii_downcase;
def __jq_ascii_upcase: ascii_upcase;
def ascii_downcase: if type == "string" then __jq_ascii_downcase else error("explode input must be a string") end;
def ascii_upcase: if type == "string" then __jq_ascii_upcase else error("explode input must be a string") end;
def __jq_startswith($s): startswith($s);
def __jq_endswith($s): endswith($s);
def startswith($s): if type == "string" and ($s | type) == "string" then __jq_startswith($s) else error("startswith() requires string inputs") end;
def endswith($s): if type == "string" and ($s | type) == "string" then __jq_endswith($s) else error("endswith() requires string inputs") end;
def ltrimstr($x): if type != "string" or ($x | type) != "string" then error("startswith() requires string inputs") elif startswith($x) then .[($x | length):] else . end;
def rtrimstr($x): if type != "string" or ($x | type) != "string" then error("endswith() requires string inputs") elif endswith($x) and ($x | length) > 0 then .[:length - ($x | length)] else . end;
def trimstr($x): ltrimstr($x) | rtrimstr($x);
def range($from; $upto; $by):
  if [$from, $upto, $by] | map(type) != ["number", "number", "number"] then error("Range bounds must be numeric")
  elif $by == 0 then empty
  elif ($from | floor) == $from and ($by | floor) == $by then
    ((($upto - $from) / ($by * 4096)) | ceil) as $chunks
    | range(0; $chunks) | __jq_guard
    | ($from + . * 4096 * $by) as $start
    | __jq_range($start; if $by > 0 then [$start + 4096 * $by, $upto] | min else [$start + 4096 * $by, $upto] | max end; $by)
  elif $by > 0 then $from | while(. < $upto; . + $by)
  else $from | while(. > $upto; . + $by) end;
def range($from; $upto): range($from; $upto; 1);
def range($upto): range(0; $upto);
def __jq_reverse: reverse;
def reverse: if type == "array" then __jq_reverse else [.[length - 1 - range(0; length)]] end;
def __jq_flatten_all: flatten;
def flatten: if type == "array" then __jq_flatten_all else reduce .[] as $i ([]; . + ($i | if type == "array" then flatten else [.] end)) end;
def __jq_min: __jq_least_by(.);
def __jq_max: __jq_greatest_by(.);
def min: if type == "array" then __jq_min else error("\(__jq_describe) and \(__jq_describe) cannot be iterated over") end;
def max: if type == "array" then __jq_max else error("\(__jq_describe) and \(__jq_describe) cannot be iterated over") end;
def __jq_min_by(f): __jq_least_by(map([f]));
def __jq_max_by(f): __jq_greatest_by(map([f]));
def min_by(f): if type == "array" then __jq_min_by(f) elif type == "object" then error("\(__jq_describe) and array ([]) cannot be iterated over") else error("Cannot iterate over \(__jq_describe)") end;
def max_by(f): if type == "array" then __jq_max_by(f) elif type == "object" then error("\(__jq_describe) and array ([]) cannot be iterated over") else error("Cannot iterate over \(__jq_describe)") end;
# `__jq_sort`, `__jq_unique` and the ordering by keys (`__jq_sorted_by`, `__jq_grouped_by`,
# `__jq_least_by`, `__jq_greatest_by`: the keys as jq's `map([f])`) are natives (`paths.rs`)
# that stop at jq's comparison depth.
def sort: if type == "array" then __jq_sort else error("\(__jq_describe) cannot be sorted, as it is not an array") end;
def unique: if type == "array" then __jq_unique else error("\(__jq_describe) cannot be sorted, as it is not an array") end;
def __jq_sort_by(f): __jq_sorted_by(map([f]));
def __jq_group_by(f): __jq_grouped_by(map([f]));
def __jq_unique_by(f): [__jq_grouped_by(map([f]))[] | .[0]];
def sort_by(f): if type == "array" then __jq_sort_by(f) else error("\(__jq_describe) and array ([]) cannot be sorted, as they are not both arrays") end;
def group_by(f): if type == "array" then __jq_group_by(f) elif type == "object" then error("\(__jq_describe) and array ([]) cannot be sorted, as they are not both arrays") else error("Cannot iterate over \(__jq_describe)") end;
def unique_by(f): if type == "array" then __jq_unique_by(f) elif type == "object" then error("\(__jq_describe) and array ([]) cannot be sorted, as they are not both arrays") else error("Cannot iterate over \(__jq_describe)") end;
def contains($b): if type == ($b | type) then __jq_contains($b)
  else error("\(__jq_describe) and \($b | __jq_describe) cannot have their containment checked") end;
def inside(xs): . as $x | xs | contains($x);
def @csv: if type != "array" then error("\(__jq_describe) cannot be csv-formatted, only array") else
  map(if type == "string" then "\"" + gsub("\""; "\"\"") + "\"" elif type == "null" then ""
      elif type == "object" or type == "array" then error("\(__jq_describe) is not valid in a csv row")
      elif isnan then "" else tostring end) | join(",") end;
def @tsv: if type != "array" then error("\(__jq_describe) cannot be tsv-formatted, only array") else
  map(if type == "string" then gsub("\\\\"; "\\\\") | gsub("\t"; "\\t") | gsub("\n"; "\\n") | gsub("\r"; "\\r")
      elif type == "null" then ""
      elif type == "object" or type == "array" then error("\(__jq_describe) is not valid in a csv row")
      elif type == "number" and isnan then "" else tostring end) | join("\t") end;
def __jq_strftime($f): strftime($f);
# `%Z` is GMT, as the C library names gmtime's zone (`time.rs`).
def strftime($f): if ($f | type) != "string" then error("strftime/1 requires a string format")
  elif type == "number" then __jq_strftime_utc($f)
  else __jq_timegm("strftime/1") | __jq_strftime_utc($f) end;
# A broken-down time is the local time it names, so formatted as it is (normalized).
def strflocaltime($f): if ($f | type) != "string" then error("strflocaltime/1 requires a string format")
  elif type == "number" then __jq_strflocaltime($f; $ENV.TZ; false)
  else __jq_timegm("strflocaltime/1") | __jq_strflocaltime($f; $ENV.TZ; true) end;
# In the session's `TZ` (`time.rs`).
def localtime: if type == "number" then __jq_localtime($ENV.TZ) else error("localtime() requires numeric inputs") end;
def todate: strftime("%Y-%m-%dT%H:%M:%SZ");
def todateiso8601: todate;
def __jq_gmtime: gmtime;
def gmtime: if type == "number" then __jq_gmtime else error("gmtime() requires numeric inputs") end;
# A broken-down time as jq 1.8 takes one, partial too (`time.rs`).
def mktime: if type == "array" then __jq_timegm("mktime") else error("mktime requires array inputs") end;
def __jq_sh: @sh;
# A string quoted for the shell; anything else its JSON text, unquoted.
def __jq_sh_word: if type == "string" then __jq_sh else tojson end;
def @sh: if type == "object" or (type == "array" and any(.[]; type == "object" or type == "array"))
  then (if type == "array" then first(.[] | select(type == "object" or type == "array")) else . end)
    | error("\(__jq_describe) can not be escaped for shell")
  else (if type == "array" then map(__jq_sh_word) | join(" ") else __jq_sh_word end) end;
def __jq_fromdateiso8601: fromdateiso8601;
def fromdateiso8601: if type != "string" then error("strptime/1 requires string inputs and arguments")
  else . as $d | try __jq_fromdateiso8601 catch error("date \($d | tojson) does not match format \"%Y-%m-%dT%H:%M:%SZ\"") end;
def fromdate: fromdateiso8601;
def __jq_strptime($f): strptime($f);
def strptime($f): if type != "string" or ($f | type) != "string" then error("strptime/1 requires string inputs and arguments")
  else . as $d | try __jq_strptime($f)
    catch (try ($d | __jq_strptime_fields($f)) catch error("date \($d | tojson) does not match format \($f | tojson)")) end;
def format($f): if $f == "text" then @text elif $f == "json" then @json elif $f == "html" then @html elif $f == "uri" then @uri
  elif $f == "csv" then @csv elif $f == "tsv" then @tsv elif $f == "sh" then @sh elif $f == "base64" then @base64
  elif $f == "base64d" then @base64d
  else error("\($f) is not a valid format") end;
