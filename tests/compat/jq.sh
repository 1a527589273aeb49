### jq identity pretty prints
echo '{"a":[1,2,{"b":"x"}],"c":null}' | jq .
## stdout:
{
  "a": [
    1,
    2,
    {
      "b": "x"
    }
  ],
  "c": null
}
## status: 0

### jq compact and raw
echo '{"a":[1,2],"s":"text"}' | jq -c .a; echo '{"s":"text"}' | jq -r .s
## stdout:
[1,2]
text
## status: 0

### jq array iteration raw
echo '{"items":[{"name":"a"},{"name":"b"}]}' | jq -r '.items[].name'
## stdout:
a
b
## status: 0

### jq map select
echo '[1,2,3,4,5]' | jq -c 'map(select(. > 2))'
## stdout:
[3,4,5]
## status: 0

### jq add and length
echo '[1,2,3]' | jq 'add, length'
## stdout:
6
3
## status: 0

### jq keys sorted
echo '{"b":1,"a":2}' | jq -c 'keys'
## stdout:
["a","b"]
## status: 0

### jq object construction
echo '{"first":"Ada","last":"Lovelace"}' | jq -c '{name: (.first + " " + .last)}'
## stdout:
{"name":"Ada Lovelace"}
## status: 0

### jq arg and argjson
jq -n -c --arg name x --argjson n 3 '{name: $name, n: $n}'
## stdout:
{"name":"x","n":3}
## status: 0

### jq slurp
printf '1\n2\n3\n' | jq -s -c '.'
## stdout:
[1,2,3]
## status: 0

### jq null input
jq -n '1 + 1'
## stdout:
2
## status: 0

### jq raw input
printf 'a\nb\n' | jq -R -c '.'
## stdout:
"a"
"b"
## status: 0

### jq join output
echo '["a","b"]' | jq -j '.[]'; echo
## stdout:
ab
## status: 0

### jq exit status
echo '{"a":false}' | jq -e .a; echo $?; echo '{"a":1}' | jq -e .a; echo $?
## stdout:
false
1
1
0
## status: 0

### jq sort keys
echo '{"b":1,"a":{"d":1,"c":2}}' | jq -S -c .
## stdout:
{"a":{"c":2,"d":1},"b":1}
## status: 0

### jq file argument
echo '{"v":42}' > data.json; jq .v data.json
## stdout:
42
## status: 0
## files:
data.json: "{\"v\":42}\n"

### jq string interpolation and tostring
echo '{"n":5}' | jq -r '"value: \(.n)"'
## stdout:
value: 5
## status: 0

### jq to_entries and group_by
echo '[{"k":"a","v":1},{"k":"b","v":2},{"k":"a","v":3}]' | jq -c 'group_by(.k) | map({k: .[0].k, total: (map(.v) | add)})'
## stdout:
[{"k":"a","total":4},{"k":"b","total":2}]
## status: 0

### jq inputs
printf '1 2 3' | jq -n -c '[inputs]'
## stdout:
[1,2,3]
## status: 0

### jq csv and tsv formats
echo '[["a","b"],[1,"x y"]]' | jq -r '.[] | @csv'; echo '[["a","b"]]' | jq -r '.[] | @tsv'
## stdout:
"a","b"
1,"x y"
a	b
## status: 0

### jq compile error status
jq '.a[' <<< '{}' 2>/dev/null; echo $?
## stdout:
3
## status: 0

### jq parse error status
echo 'not json' | jq . 2>/dev/null; echo $?
## stdout:
5
## status: 0

### jq in pipeline with variables
echo '[{"id":1,"ok":true},{"id":2,"ok":false}]' > d.json; ids=$(jq -r '.[] | select(.ok) | .id' d.json); echo "ids=$ids"
## stdout:
ids=1
## status: 0
## files:
d.json: "[{\"id\":1,\"ok\":true},{\"id\":2,\"ok\":false}]\n"

### jq ascii output
echo '"héllo"' | jq -a .
## stdout:
"h\u00e9llo"
## status: 0

### jq env from exported variables
export GREETING=hi; jq -n -r '$ENV.GREETING, env.GREETING'
## stdout:
hi
hi
## status: 0

### jq numbers are spelled as jq spells doubles
jq -nc '[1.0, 2.5*2, 1.50, 1e3, 1e15, 1e16, 0.0001, 0.00001, 1.5e-7, 0.1+0.2, 100000000000000000000]'
## stdout:
[1.0,5,1.50,1E+3,1E+15,1E+16,0.0001,0.00001,1.5E-7,0.30000000000000004,100000000000000000000]
## status: 0

### jq tostring tojson and formats spell numbers as jq does
jq -nr '[1.0, 2.5*2, "a", null] | tostring, tojson, @csv, @tsv'
## stdout:
[1.0,5,"a",null]
[1.0,5,"a",null]
1.0,5,"a",
1.0	5	a	
## status: 0

### jq nan and infinities print as null and the largest doubles
jq -nc '[nan, infinite, -infinite]'
## stdout:
[null,1.7976931348623157e+308,-1.7976931348623157e+308]
## status: 0

### jq halt_error writes to the command's stderr and exits with its status
jq -n '"bye\n" | halt_error(3)' 2>&1; echo $?; jq -n '{"a":1} | halt_error(2)' 2>err; echo $?; cat err; jq -n '"x" | halt_error' 2>&1; echo " $?"
## stdout:
bye
3
2
{"a":1}
x 5
## status: 0
## files:
err: "{\"a\":1}\n"

### jq stderr and debug write to the command's stderr
jq -n '"a" | stderr' 2>err >out; cat err; echo; cat out; jq -nc '[1] | debug | length' 2>err; cat err
## stdout:
a
"a"
1
["DEBUG:",[1]]
## status: 0
## files:
err: "[\"DEBUG:\",[1]]\n"
out: "\"a\"\n"

### jq stops when its reader goes away
jq -n 'range(1e9)' | head -n 3; echo "${PIPESTATUS[@]}"
## stdout:
0
1
2
141 0
## status: 0

### jq -r '.b' in.json
printf '{"a":[1,2],"b":"x"}\n{"a":[3],"b":"y"}\n' > in.json
jq -r '.b' in.json
## stdout:
x
y
## status: 0
## files:
in.json: "{\"a\":[1,2],\"b\":\"x\"}\n{\"a\":[3],\"b\":\"y\"}\n"

### jq -j '.b' in.json; echo
printf '{"a":[1,2],"b":"x"}\n{"a":[3],"b":"y"}\n' > in.json
jq -j '.b' in.json; echo
## stdout:
xy
## status: 0
## files:
in.json: "{\"a\":[1,2],\"b\":\"x\"}\n{\"a\":[3],\"b\":\"y\"}\n"

### jq -c '.a' in.json
printf '{"a":[1,2],"b":"x"}\n{"a":[3],"b":"y"}\n' > in.json
jq -c '.a' in.json
## stdout:
[1,2]
[3]
## status: 0
## files:
in.json: "{\"a\":[1,2],\"b\":\"x\"}\n{\"a\":[3],\"b\":\"y\"}\n"

### jq -s 'map(.a | length) | add' in.json
printf '{"a":[1,2],"b":"x"}\n{"a":[3],"b":"y"}\n' > in.json
jq -s 'map(.a | length) | add' in.json
## stdout:
3
## status: 0
## files:
in.json: "{\"a\":[1,2],\"b\":\"x\"}\n{\"a\":[3],\"b\":\"y\"}\n"

### jq -n --arg x 5 --argjson y '{"z":1}' '[$x, $y.z]'
jq -n --arg x 5 --argjson y '{"z":1}' '[$x, $y.z]'
## stdout:
[
  "5",
  1
]
## status: 0

### jq -n '$ARGS.positional' --args a b
jq -n '$ARGS.positional' --args a b
## stdout:
[
  "a",
  "b"
]
## status: 0

### jq -n '$ARGS.positional' --jsonargs 1 '"two"' null
jq -n '$ARGS.positional' --jsonargs 1 '"two"' null
## stdout:
[
  1,
  "two",
  null
]
## status: 0

### FOO=bar jq -n 'env.FOO, $ENV.FOO'
FOO=bar jq -n 'env.FOO, $ENV.FOO'
## stdout:
"bar"
"bar"
## status: 0

### echo 'null' | jq -e '.'; echo "rc=$?"
echo 'null' | jq -e '.'; echo "rc=$?"
## stdout:
null
rc=1
## status: 0

### echo 'false' | jq -e '.'; echo "rc=$?"
echo 'false' | jq -e '.'; echo "rc=$?"
## stdout:
false
rc=1
## status: 0

### echo '1' | jq -e '.'; echo "rc=$?"
echo '1' | jq -e '.'; echo "rc=$?"
## stdout:
1
rc=0
## status: 0

### printf 'line one\nline two\n' | jq -R 'length'
printf 'line one\nline two\n' | jq -R 'length'
## stdout:
8
8
## status: 0

### printf 'line one\nline two\n' | jq -Rs 'split("\n") | length'
printf 'line one\nline two\n' | jq -Rs 'split("\n") | length'
## stdout:
3
## status: 0

### echo '{"b":1,"a":{"d":2,"c":3}}' | jq -S .
echo '{"b":1,"a":{"d":2,"c":3}}' | jq -S .
## stdout:
{
  "a": {
    "c": 3,
    "d": 2
  },
  "b": 1
}
## status: 0

### echo '{"a":[1,{"b":2}]}' | jq --tab .
echo '{"a":[1,{"b":2}]}' | jq --tab .
## stdout:
{
	"a": [
		1,
		{
			"b": 2
		}
	]
}
## status: 0

### echo '{"a":[1,{"b":2}]}' | jq --indent 1 .
echo '{"a":[1,{"b":2}]}' | jq --indent 1 .
## stdout:
{
 "a": [
  1,
  {
   "b": 2
  }
 ]
}
## status: 0

### echo '"héllo ☃"' | jq -a .
echo '"héllo ☃"' | jq -a .
## stdout:
"h\u00e9llo \u2603"
## status: 0

### jq -n --slurpfile n nums.json --rawfile t r.txt '[$n, $t]' 
printf '1\n2\n' > nums.json
printf 'raw text\n' > r.txt
jq -n --slurpfile n nums.json --rawfile t r.txt '[$n, $t]' 
## stdout:
[
  [
    1,
    2
  ],
  "raw text\n"
]
## status: 0
## files:
nums.json: "1\n2\n"
r.txt: "raw text\n"

### jq 'input_filename' nums.json
printf '1\n2\n' > nums.json
printf 'raw text\n' > r.txt
jq 'input_filename' nums.json
## stdout:
"nums.json"
"nums.json"
## status: 0
## files:
nums.json: "1\n2\n"
r.txt: "raw text\n"

### jq -n '[inputs] | add' nums.json
printf '1\n2\n' > nums.json
printf 'raw text\n' > r.txt
jq -n '[inputs] | add' nums.json
## stdout:
3
## status: 0
## files:
nums.json: "1\n2\n"
r.txt: "raw text\n"

### jq -n 'input' nums.json
printf '1\n2\n' > nums.json
printf 'raw text\n' > r.txt
jq -n 'input' nums.json
## stdout:
1
## status: 0
## files:
nums.json: "1\n2\n"
r.txt: "raw text\n"

### jq -rn '[1,"a b",null] | @csv, @tsv, @sh, @json, @text'
jq -rn '[1,"a b",null] | @csv, @tsv, @sh, @json, @text'
## stdout:
1,"a b",
1	a b	
1 'a b' null
[1,"a b",null]
[1,"a b",null]
## status: 0

### jq -rn '"a<b>&\"c" | @html, @uri, @base64, (@base64 | @base64d)'
jq -rn '"a<b>&\"c" | @html, @uri, @base64, (@base64 | @base64d)'
## stdout:
a&lt;b&gt;&amp;&quot;c
a%3Cb%3E%26%22c
YTxiPiYiYw==
a<b>&"c
## status: 0

### jq -n '"bye" | halt_error'; echo "rc=$?"
jq -n '"bye" | halt_error'; echo "rc=$?"
## stdout:
rc=5
## status: 0

### jq -n '{"a":1} | halt_error(5)' 2>/dev/null; echo "rc=$?"
jq -n '{"a":1} | halt_error(5)' 2>/dev/null; echo "rc=$?"
## stdout:
rc=5
## status: 0

### jq -n 'halt'; echo "rc=$?"
jq -n 'halt'; echo "rc=$?"
## stdout:
rc=0
## status: 0

### echo '{' | jq . 2>/dev/null; echo "rc=$?"
echo '{' | jq . 2>/dev/null; echo "rc=$?"
## stdout:
rc=5
## status: 0

### jq -c 'group_by(.k) | map({k: .[0].k, s: (map(.v) | add)})' g.json
echo '[{"k":"b","v":2},{"k":"a","v":1},{"k":"b","v":3}]' > g.json
jq -c 'group_by(.k) | map({k: .[0].k, s: (map(.v) | add)})' g.json
## stdout:
[{"k":"a","s":1},{"k":"b","s":5}]
## status: 0
## files:
g.json: "[{\"k\":\"b\",\"v\":2},{\"k\":\"a\",\"v\":1},{\"k\":\"b\",\"v\":3}]\n"

### jq -c 'map(.k) | unique' g.json
echo '[{"k":"b","v":2},{"k":"a","v":1},{"k":"b","v":3}]' > g.json
jq -c 'map(.k) | unique' g.json
## stdout:
["a","b"]
## status: 0
## files:
g.json: "[{\"k\":\"b\",\"v\":2},{\"k\":\"a\",\"v\":1},{\"k\":\"b\",\"v\":3}]\n"

### jq 'reduce .[] as $i (0; . + $i.v)' g.json
echo '[{"k":"b","v":2},{"k":"a","v":1},{"k":"b","v":3}]' > g.json
jq 'reduce .[] as $i (0; . + $i.v)' g.json
## stdout:
6
## status: 0
## files:
g.json: "[{\"k\":\"b\",\"v\":2},{\"k\":\"a\",\"v\":1},{\"k\":\"b\",\"v\":3}]\n"

### jq -c '[paths]' <<< '{"a":{"b":1}}'
echo '[{"k":"b","v":2},{"k":"a","v":1},{"k":"b","v":3}]' > g.json
jq -c '[paths]' <<< '{"a":{"b":1}}'
## stdout:
[["a"],["a","b"]]
## status: 0
## files:
g.json: "[{\"k\":\"b\",\"v\":2},{\"k\":\"a\",\"v\":1},{\"k\":\"b\",\"v\":3}]\n"

### jq -c 'to_entries, with_entries(.value += 1)' <<< '{"a":1,"b":2}'
echo '[{"k":"b","v":2},{"k":"a","v":1},{"k":"b","v":3}]' > g.json
jq -c 'to_entries, with_entries(.value += 1)' <<< '{"a":1,"b":2}'
## stdout:
[{"key":"a","value":1},{"key":"b","value":2}]
{"a":2,"b":3}
## status: 0
## files:
g.json: "[{\"k\":\"b\",\"v\":2},{\"k\":\"a\",\"v\":1},{\"k\":\"b\",\"v\":3}]\n"

### jq input that stops parsing: the values before it still count
printf '{"a":1}\n{"b": tru}\n{"c":2}\n' | jq -c . 2>/dev/null; echo $?; printf '1 2\n[3,' | jq -s -c . 2>/dev/null; echo $?; printf '1 2 x' | jq -c '[., input]' 2>/dev/null; echo $?; printf '1 2 x' | jq -n '[inputs]' 2>/dev/null; echo $?
## stdout:
{"a":1}
5
5
[1,2]
5
5
## status: 0

### jq error values: strings as text, other values as JSON
jq -n 'error("x y")' 2>&1; echo $?; jq -n 'error({"a":1})' 2>&1; echo $?; jq -n '1 | error' 2>&1; echo $?
## stdout:
jq: error (at <unknown>): x y
5
jq: error (at <unknown>) (not a string): {"a":1}
5
jq: error (at <unknown>) (not a string): 1
5
## status: 0

### jq options after --args and --jsonargs are still options
jq -n --args '$ARGS' a b -c; jq -n --jsonargs '$ARGS.positional' 1 '{}' -c; jq -n --args -c '$ARGS.positional' x; jq . missing.json 2>&1; echo $?
## stdout:
{"positional":["a","b"],"named":{}}
[1,{}]
["x"]
jq: error: Could not open file missing.json: No such file or directory
2
## status: 0

### jq ranges: integer steps, fractional steps, downward, a zero step, generator arguments
jq -nc '[range(5)], [range(-3)], [range(1;10;3)], [range(5;0;-2)], [range(0;3;0)]'
jq -nc '[range(0;1;0.3)], [range(1.5;4)], [range(1;0;-0.25)], [range(0,1;3,4)]'
jq -nc '[range(0; 10000)] | length, add'
jq -nc '[range(10; 0; -3000)], [limit(3; repeat(1))], [10 | while(. > 1; . / 2)], (1 | until(. > 100; . * 2))'
jq -nc '[1,[2,[3]]] | [..], [recurse(if type == "array" then .[] else empty end)] | length'
## stdout:
[0,1,2,3,4]
[]
[1,4,7]
[5,3,1]
[]
[0,0.3,0.6,0.8999999999999999]
[1.5,2.5,3.5]
[1,0.75,0.5,0.25]
[0,1,2,0,1,2,3,1,2,1,2,3]
10000
49995000
[10]
[1,1,1]
[10,5,2.5,1.25]
128
6
6
## status: 0

### jq 1.7 assignment creates what is missing
jq -nc '.a = 1, (.x.y = 1), (.list[2] = "c"), (getpath(["a",0,"b"]) |= 5)'
## stdout:
{"a":1}
{"x":{"y":1}}
{"list":[null,null,"c"]}
{"a":[{"b":5}]}
## status: 0

### jq 1.7 assignment grows arrays
echo '{"foo":[11],"bar":42}' | jq -c '.foo[length] = 12, (.foo[3] = 0), (.foo[2].bar = 1)'
## stdout:
{"foo":[11,null,12],"bar":42}
{"foo":[11,null,null,0],"bar":42}
{"foo":[11,null,{"bar":1}],"bar":42}
## status: 0

### jq 1.7 negative index past the start +stderr
jq -nc '[1] | .[-1] = 5, (try (.[-3] = 0) catch .)'; jq -n '.[-1] = 1'
## stdout:
[5]
"Out of bounds negative array index"
## stderr:
jq: error (at <unknown>): Out of bounds negative array index
## status: 5

### jq 1.7 del of several paths at once
echo '[0,1,2,3,4,5,6,7,8,9]' | jq -c 'del(.[1, 2]), del(.[1], .[-6], .[2], .[-3:9]), delpaths([[0],[-1]])'
## stdout:
[0,3,4,5,6,7,8,9]
[0,3,5,6,9]
[1,2,3,4,5,6,7,8]
## status: 0

### jq 1.7 update to empty deletes together
echo '{"items":[1,2,3,4,5,6]}' | jq -c '.items[] |= select(. % 2 == 0), (.items[1,4,2,3] |= empty), (.items |= map_values(empty))'
## stdout:
{"items":[2,4,6]}
{"items":[1,6]}
{"items":[]}
## status: 0

### jq 1.7 arithmetic updates
echo '{"n":1,"list":[1,2]}' | jq -c '.n += 1, (.m -= 1), (.k //= "d"), (.n *= 10), (.list[] += (10, 20))'
## stdout:
{"n":2,"list":[1,2]}
## status: 5

### jq 1.7 from_entries reads key name and value spellings
echo '[{"name":"a","value":1},{"Key":"b","Value":2},{"key":"c"},{"Name":"d","value":false}]' | jq -c 'from_entries, (from_entries | with_entries(.value |= tostring))'
## stdout:
{"a":1,"b":2,"c":null,"d":false}
{"a":"1","b":"2","c":"null","d":"false"}
## status: 0

### jq 1.7 join treats null as empty
echo '["a",null,1,true,2.5]' | jq -r 'join("-"), ([] | join(",")), ([null] | join(","))'
## stdout:
a--1-true-2.5


## status: 0

### jq 1.7 IN INDEX and JOIN
jq -nc '[2 | IN(1,2,3)], [5 | IN(1,2)], ([{"id":1,"n":"a"},{"id":2,"n":"b"}] | INDEX(.id)), ([[1,"x"],[2,"y"]] | INDEX(.[0]) as $idx | [{"k":1},{"k":2},{"k":3}] | JOIN($idx; .k | tostring))'
## stdout:
[true]
[false]
{"1":{"id":1,"n":"a"},"2":{"id":2,"n":"b"}}
[[{"k":1},[1,"x"]],[{"k":2},[2,"y"]],[{"k":3},null]]
## status: 0

### jq 1.7 tostream fromstream truncate_stream
echo '{"a":[1,{"b":2}],"c":[]}' | jq -c '[tostream], fromstream(tostream), [1 | truncate_stream([[0],1],[[1,0],2],[[1,0]],[[1]])]'
## stdout:
[[["a",0],1],[["a",1,"b"],2],[["a",1,"b"]],[["a",1]],[["c"],[]],[["c"]]]
{"a":[1,{"b":2}],"c":[]}
[[[0],2],[[0]]]
## status: 0

### jq 1.7 trimstr ltrimstr rtrimstr
echo '["foofoo","barfoo","foo",1]' | jq -c '[.[] | try ltrimstr("foo") catch .], [.[] | try rtrimstr("foo") catch .], [.[:3][] | trimstr("foo")]'
## stdout:
["foo","barfoo","","startswith() requires string inputs"]
["foo","bar","","endswith() requires string inputs"]
["","bar",""]
## status: 0

### jq 1.7 splits getpath paths and pick
echo '{"a":{"b":[1,2]},"s":"a1b22c"}' | jq -c '[.s | splits("[0-9]+")], getpath(["a","b",1]), getpath(["x","y"]), setpath(["a","c"]; 3), [paths], [paths(type == "number")], pick(.a.b[1])'
## stdout:
["a","b","c"]
2
null
{"a":{"b":[1,2],"c":3},"s":"a1b22c"}
[["a"],["a","b"],["a","b",0],["a","b",1],["s"]]
[["a","b",0],["a","b",1]]
{"a":{"b":[null,2]}}
## status: 0

### jq 1.7 location and build answers
jq -nc '$__loc__, (1 |
  $__loc__.line), have_decnum, have_literal_numbers'
## stdout:
{"file":"<top-level>","line":1}
2
true
true
## status: 0

### jq 1.7 keeps the digits it read
echo '{"id":12345678901234567890123,"price":19.90,"e":1e3,"small":0.0000001,"big":9007199254740993}' | jq -c '., .id, .price, (.price | tostring), [.e, .small, .big]'
## stdout:
{"id":12345678901234567890123,"price":19.90,"e":1E+3,"small":1E-7,"big":9007199254740993}
12345678901234567890123
19.90
"19.90"
[1E+3,1E-7,9007199254740993]
## status: 0

### jq 1.7 computed numbers are doubles
jq -nc '[2.5*2, 1/3, 0.1+0.2, 1e1000, -1e-5, 3.0]'
## stdout:
[5,0.3333333333333333,0.30000000000000004,1E+1000,-0.00001,3.0]
## status: 0

### jq 1.7 reads past a byte order mark
printf '\357\273\277{"a":1}\n' | jq -c .a
## stdout:
1
## status: 0

### jq 1.7 error names the input line +stderr
printf '1\n"x"\n3\n' | jq '. + 1'; echo "status $?"; printf '{"a":\n1}\n' | jq '.a | error'
## stdout:
2
4
status 0
## stderr:
jq: error (at <stdin>:2): string ("x") and number (1) cannot be added
jq: error (at <stdin>:2) (not a string): 1
## status: 5

### jq 1.7 division by zero is an error +stderr
jq -nc '[1, 0] | try (.[0] / .[1]) catch ., try (5 % 0) catch ., (6 / 4), ("a,b" / ",")'; jq -n '1 / 0'; echo "status $?"
## stdout:
"number (1) and number (0) cannot be divided because the divisor is zero"
"number (5) and number (0) cannot be divided (remainder) because the divisor is zero"
1.5
["a","b"]
status 5
## stderr:
jq: error (at <unknown>): number (1) and number (0) cannot be divided because the divisor is zero
## status: 0

### jq 1.7 limit skip nth negative counts
jq -nc '[limit(0; 1,2)], (try limit(-1; 1) catch .), [nth(1,2; 10,20,30)], (try nth(-1; 1) catch .), [skip(1; 1,2,3)]'
## stdout:
[]
"limit doesn't support negative count"
[20,30]
"nth doesn't support negative indices"
[2,3]
## status: 0

### jq 1.7 abs and walk
jq -nc '[-3, 2.5, "a"] | map(abs), ([[3,1],{"b":[2,1]}] | walk(if type == "array" then sort else . end))'
## stdout:
[3,2.5,"a"]
[[1,3],{"b":[1,2]}]
## status: 0

### jq 1.7 capture gives null for a group that took no part
jq -nc '"a","b","c" | capture("(?<x>a)?b?")'; jq -nc '"xyzzy-14" | capture("(?<name>[a-z]+)-(?<n>[0-9]+)"), [match("(a)?b"; "g") | .captures]'
## stdout:
{"x":"a"}
{"x":null}
{"x":null}
{"name":"xyzzy","n":"14"}
[]
## status: 0

### jq 1.7 match offsets count characters and look-around works
jq -nc '"aé1é2" | [match("é(\\d)"; "g") | [.offset, .length, .captures[0].offset]], ("qux" | gsub("(?=u)"; "u")), ("foo bar foo" | [match("foo (?<x>bar)? foo"; "ig") | .string])'
## stdout:
[[1,2,2],[3,2,4]]
"quux"
["foo bar foo"]
## status: 0

### jq 1.7 sub and gsub with named captures and several outputs
jq -nc '"123foo456bar" | gsub("[^a-z]*(?<x>[a-z]*)"; "Z\(.x)"), ("aB" | [gsub("(?<a>.)"; "\(.a|ascii_upcase)", "\(.a|ascii_downcase)", "c")]), ("abc" | sub("(?<x>b)"; "[\(.x)]")), ("a.b.c" | gsub("\\."; "-"))'
## stdout:
"ZfooZbarZ"
["AB","ab","cc"]
"a[b]c"
"a-b-c"
## status: 0

### jq 1.7 test scan split and splits with flags
jq -nc '"Hello World" | test("world"; "i"), test("world"), [scan("o.")], [scan("(l)(.)")], split("\\s+"; null), [splits("o"; "g")], ("a1b22c" | split("[0-9]+"; ""))'
## stdout:
true
false
["o ","or"]
[["l","l"],["l","d"]]
["Hello","World"]
["Hell"," W","rld"]
["a","b","c"]
## status: 0

### jq 1.7 regex errors +stderr
jq -nc '"a" | try test("("; null) catch "bad pattern", try test("a"; "q") catch ., try (1 | test("a")) catch .'
## stdout:
"bad pattern"
"q is not a valid modifier string"
"number (1) cannot be matched, as it is not a string"
## status: 0

### jq -f reads the filter from a file
printf '# the name\n.name # and nothing else\n' > prog.jq; echo '{"name":"ada"}' > in.json; jq -f prog.jq in.json; echo '{"name":"bob"}' | jq -r --from-file prog.jq; jq -f missing.jq in.json; echo "status $?"
## stdout:
"ada"
bob
status 2
## status: 0
## files:
in.json: "{\"name\":\"ada\"}\n"
prog.jq: "# the name\n.name # and nothing else\n"

### jq --stream gives path events
echo '{"a":[1,{"b":2}],"c":"x"}' | jq -c --stream .; echo '3 []' | jq -c --stream .; echo '{"a":[1,2]}' | jq -c --stream -n '[inputs | select(length == 2)]'
## stdout:
[["a",0],1]
[["a",1,"b"],2]
[["a",1,"b"]]
[["a",1]]
[["c"],"x"]
[["c"]]
[[],3]
[[],[]]
[[["a",0],1],[["a",1],2]]
## status: 0

### jq --raw-output0 ends each output with NUL +stderr
echo '["a","b",1]' | jq --raw-output0 '.[]' | od -c | sed 's/  */ /g'; echo '["x\u0000y"]' | jq --raw-output0 '.[]'; echo "status $?"
## stdout:
0000000 a \0 b \0 1 \0
0000006
status 5
## stderr:
jq: error (at <stdin>:1): Cannot dump a string containing NUL with --raw-output0 option
## status: 0

### jq 1.7 indices that are not integers are cut
jq -nc '[range(10)] | .[1.2:3.5], .[-1.5:], .[:-1.5], [.[1.1,1.7,-1.5]], (.[1.1] = 5), (1.5 as $i | .[$i])'
## stdout:
[1,2,3]
[8,9]
[0,1,2,3,4,5,6,7,8]
[1,1,9]
[0,5,2,3,4,5,6,7,8,9]
1
## status: 0

### jq 1.7 tonumber toboolean and flatten refuse what jq refuses
jq -nc '["123"," 1","1e2","-5.50","x",null,[1],"1.",".5","+1","01","1.e2","e5"] | map(try tonumber catch .), (["true","false",true,"yes",0] | map(try toboolean catch .)), (try ([[1]] | flatten(-1)) catch .)'
## stdout:
[123,"string (\" 1\") cannot be parsed as a number",1E+2,-5.50,"string (\"x\") cannot be parsed as a number","null (null) cannot be parsed as a number","array ([1]) cannot be parsed as a number",1,0.5,1,1,1E+2,"string (\"e5\") cannot be parsed as a number"]
[true,false,true,"string (\"yes\") cannot be parsed as a boolean","number (0) cannot be parsed as a boolean"]
"flatten depth must not be negative"
## status: 0

### jq 1.7 destructuring alternatives
echo '[{"a":1,"b":[2,{"d":3}]},[4,{"b":5}],"foo"]' | jq -c '.[] as {$a, b: [$c, {$d}]} ?// [$a, {$b}] ?// $e | [$a, $b, $c, $d, $e]'; jq -nc '[[3]] | .[] as [$a] ?// [$b] | if $a != null then error("err: \($a)") else {$a,$b} end'; jq -nc '[[3],[4],6] | [.[] as [$a] ?// $a | $a]'; jq -nc '6 | . as [$a] ?// {a: $a} | $a'; echo "status $?"
## stdout:
[1,null,2,3,null]
[4,5,null,null,null]
[null,null,null,null,"foo"]
{"a":null,"b":3}
[3,4,6]
status 5
## status: 0

### jq 1.7 slices assigned updated and deleted
echo '[[1,2,3],[4,5,6]]' | jq -c '.[0][1:] = ["z"], (.[1][:2] |= map(. * 10)), del(.[0][1:], .[1][0]), (.[0][-1:] += ["w"])'
## stdout:
[[1,"z"],[4,5,6]]
[[1,2,3],[40,50,6]]
[[1],[5,6]]
[[1,2,3,"w"],[4,5,6]]
## status: 0

### jq 1.7 an undefined name is underlined +stderr
echo 1 | jq '.a | foo(1)'; echo "status $?"; echo '"x"' | jq 'floor'; echo 1 | jq -c 'input_filename, $__loc__'
## stdout:
status 3
"<stdin>"
{"file":"<top-level>","line":1}
## stderr:
jq: error: foo/1 is not defined at <top-level>, line 1, column 6:
    .a | foo(1)
         ^^^
jq: 1 compile error
jq: error (at <stdin>:1): string ("x") number required
## status: 0

### jq -C colours each kind as jq 1.7+ does, in every layout
echo '{"b":[1,"x",null,true,false,{"c":1.5}],"a":{},"d":[]}' > in.json
jq -C . in.json | od -c; jq -C -c . in.json | od -c; jq -C -S --tab . in.json | od -c | head -4; jq -C -M . in.json | head -2; jq -C -r '.b[1]' in.json
## stdout:
0000000 033   [   1   ;   3   9   m   { 033   [   0   m  \n         033
0000020   [   1   ;   3   4   m   "   b   " 033   [   0   m 033   [   1
0000040   ;   3   9   m   : 033   [   0   m     033   [   1   ;   3   9
0000060   m   [ 033   [   0   m  \n                 033   [   0   ;   3
0000100   9   m   1 033   [   0   m 033   [   1   ;   3   9   m   , 033
0000120   [   0   m  \n                 033   [   0   ;   3   2   m   "
0000140   x   " 033   [   0   m 033   [   1   ;   3   9   m   , 033   [
0000160   0   m  \n                 033   [   0   ;   9   0   m   n   u
0000200   l   l 033   [   0   m 033   [   1   ;   3   9   m   , 033   [
0000220   0   m  \n                 033   [   0   ;   3   9   m   t   r
0000240   u   e 033   [   0   m 033   [   1   ;   3   9   m   , 033   [
0000260   0   m  \n                 033   [   0   ;   3   9   m   f   a
0000300   l   s   e 033   [   0   m 033   [   1   ;   3   9   m   , 033
0000320   [   0   m  \n                 033   [   1   ;   3   9   m   {
0000340 033   [   0   m  \n                         033   [   1   ;   3
0000360   4   m   "   c   " 033   [   0   m 033   [   1   ;   3   9   m
0000400   : 033   [   0   m     033   [   0   ;   3   9   m   1   .   5
0000420 033   [   0   m  \n                 033   [   1   ;   3   9   m
0000440   } 033   [   0   m  \n         033   [   1   ;   3   9   m   ]
0000460 033   [   0   m 033   [   1   ;   3   9   m   , 033   [   0   m
0000500  \n         033   [   1   ;   3   4   m   "   a   " 033   [   0
0000520   m 033   [   1   ;   3   9   m   : 033   [   0   m     033   [
0000540   1   ;   3   9   m   {   } 033   [   0   m 033   [   1   ;   3
0000560   9   m   , 033   [   0   m  \n         033   [   1   ;   3   4
0000600   m   "   d   " 033   [   0   m 033   [   1   ;   3   9   m   :
0000620 033   [   0   m     033   [   1   ;   3   9   m   [   ] 033   [
0000640   0   m  \n 033   [   1   ;   3   9   m   } 033   [   0   m  \n
0000660
0000000 033   [   1   ;   3   9   m   { 033   [   0   m 033   [   1   ;
0000020   3   4   m   "   b   " 033   [   0   m 033   [   1   ;   3   9
0000040   m   : 033   [   0   m 033   [   1   ;   3   9   m   [ 033   [
0000060   0   m 033   [   0   ;   3   9   m   1 033   [   0   m 033   [
0000100   1   ;   3   9   m   , 033   [   0   m 033   [   0   ;   3   2
0000120   m   "   x   " 033   [   0   m 033   [   1   ;   3   9   m   ,
0000140 033   [   0   m 033   [   0   ;   9   0   m   n   u   l   l 033
0000160   [   0   m 033   [   1   ;   3   9   m   , 033   [   0   m 033
0000200   [   0   ;   3   9   m   t   r   u   e 033   [   0   m 033   [
0000220   1   ;   3   9   m   , 033   [   0   m 033   [   0   ;   3   9
0000240   m   f   a   l   s   e 033   [   0   m 033   [   1   ;   3   9
0000260   m   , 033   [   0   m 033   [   1   ;   3   9   m   { 033   [
0000300   0   m 033   [   1   ;   3   4   m   "   c   " 033   [   0   m
0000320 033   [   1   ;   3   9   m   : 033   [   0   m 033   [   0   ;
0000340   3   9   m   1   .   5 033   [   0   m 033   [   1   ;   3   9
0000360   m   } 033   [   0   m 033   [   1   ;   3   9   m   ] 033   [
0000400   0   m 033   [   1   ;   3   9   m   , 033   [   0   m 033   [
0000420   1   ;   3   4   m   "   a   " 033   [   0   m 033   [   1   ;
0000440   3   9   m   : 033   [   0   m 033   [   1   ;   3   9   m   {
0000460   } 033   [   0   m 033   [   1   ;   3   9   m   , 033   [   0
0000500   m 033   [   1   ;   3   4   m   "   d   " 033   [   0   m 033
0000520   [   1   ;   3   9   m   : 033   [   0   m 033   [   1   ;   3
0000540   9   m   [   ] 033   [   0   m 033   [   1   ;   3   9   m   }
0000560 033   [   0   m  \n
0000565
0000000 033   [   1   ;   3   9   m   { 033   [   0   m  \n  \t 033   [
0000020   1   ;   3   4   m   "   a   " 033   [   0   m 033   [   1   ;
0000040   3   9   m   : 033   [   0   m     033   [   1   ;   3   9   m
0000060   {   } 033   [   0   m 033   [   1   ;   3   9   m   , 033   [
{
  "b": [
x
## status: 0
## files:
in.json: "{\"b\":[1,\"x\",null,true,false,{\"c\":1.5}],\"a\":{},\"d\":[]}\n"

### jq JQ_COLORS replaces the colours it names +stderr
echo '[null,false,{"k":"v"}]' > in.json
JQ_COLORS='1;31:0;33' jq -C -c . in.json | od -c; JQ_COLORS='1;31::0;32' jq -C -c . in.json | od -c; JQ_COLORS='0:' jq -C -c . in.json | od -c; JQ_COLORS=red jq -C -c . in.json | od -c
## stdout:
0000000 033   [   1   ;   3   9   m   [ 033   [   0   m 033   [   1   ;
0000020   3   1   m   n   u   l   l 033   [   0   m 033   [   1   ;   3
0000040   9   m   , 033   [   0   m 033   [   0   ;   3   3   m   f   a
0000060   l   s   e 033   [   0   m 033   [   1   ;   3   9   m   , 033
0000100   [   0   m 033   [   1   ;   3   9   m   { 033   [   0   m 033
0000120   [   1   ;   3   4   m   "   k   " 033   [   0   m 033   [   1
0000140   ;   3   9   m   : 033   [   0   m 033   [   0   ;   3   2   m
0000160   "   v   " 033   [   0   m 033   [   1   ;   3   9   m   } 033
0000200   [   0   m 033   [   1   ;   3   9   m   ] 033   [   0   m  \n
0000220
0000000 033   [   1   ;   3   9   m   [ 033   [   0   m 033   [   1   ;
0000020   3   1   m   n   u   l   l 033   [   0   m 033   [   1   ;   3
0000040   9   m   , 033   [   0   m 033   [   m   f   a   l   s   e 033
0000060   [   0   m 033   [   1   ;   3   9   m   , 033   [   0   m 033
0000100   [   1   ;   3   9   m   { 033   [   0   m 033   [   1   ;   3
0000120   4   m   "   k   " 033   [   0   m 033   [   1   ;   3   9   m
0000140   : 033   [   0   m 033   [   0   ;   3   2   m   "   v   " 033
0000160   [   0   m 033   [   1   ;   3   9   m   } 033   [   0   m 033
0000200   [   1   ;   3   9   m   ] 033   [   0   m  \n
0000214
0000000 033   [   1   ;   3   9   m   [ 033   [   0   m 033   [   0   m
0000020   n   u   l   l 033   [   0   m 033   [   1   ;   3   9   m   ,
0000040 033   [   0   m 033   [   0   ;   3   9   m   f   a   l   s   e
0000060 033   [   0   m 033   [   1   ;   3   9   m   , 033   [   0   m
0000100 033   [   1   ;   3   9   m   { 033   [   0   m 033   [   1   ;
0000120   3   4   m   "   k   " 033   [   0   m 033   [   1   ;   3   9
0000140   m   : 033   [   0   m 033   [   0   ;   3   2   m   "   v   "
0000160 033   [   0   m 033   [   1   ;   3   9   m   } 033   [   0   m
0000200 033   [   1   ;   3   9   m   ] 033   [   0   m  \n
0000215
0000000 033   [   1   ;   3   9   m   [ 033   [   0   m 033   [   0   ;
0000020   9   0   m   n   u   l   l 033   [   0   m 033   [   1   ;   3
0000040   9   m   , 033   [   0   m 033   [   0   ;   3   9   m   f   a
0000060   l   s   e 033   [   0   m 033   [   1   ;   3   9   m   , 033
0000100   [   0   m 033   [   1   ;   3   9   m   { 033   [   0   m 033
0000120   [   1   ;   3   4   m   "   k   " 033   [   0   m 033   [   1
0000140   ;   3   9   m   : 033   [   0   m 033   [   0   ;   3   2   m
0000160   "   v   " 033   [   0   m 033   [   1   ;   3   9   m   } 033
0000200   [   0   m 033   [   1   ;   3   9   m   ] 033   [   0   m  \n
0000220
## stderr:
Failed to set $JQ_COLORS
## status: 0
## files:
in.json: "[null,false,{\"k\":\"v\"}]\n"

### jq --seq writes RS before each text and reads texts after RS +stderr
jq -n --seq '1, "a", [2]' | od -c; jq -n --seq -r '"a", 1' | od -c; jq -n --seq -j '1,2' | od -c
printf '\036[1]\036 \036{"a":2}\n' | jq --seq -c .; printf '[1]\n' | jq --seq -c .; echo $?; printf '\036[1\n\0362\n' | jq --seq -c .; printf 'x\036[1] [2]\n' | jq --seq -c .; printf '\036"a"\n\036{"b":\n' | jq --seq -c .; echo $?
## stdout-escaped:
"0000000 036   1  \\n 036   \"   a   \"  \\n 036   [  \\n           2  \\n   ]\n0000020  \\n\n0000021\n0000000   a  \\n 036   1  \\n\n0000005\n0000000 036   1 036   2\n0000004\n\u{1e}[1]\n\u{1e}{\"a\":2}\n0\n\u{1e}2\n\u{1e}[1]\n\u{1e}[2]\n\u{1e}\"a\"\n0\n"
## stderr:
jq: ignoring parse error: Unfinished abandoned text at EOF at line 2, column 0
jq: ignoring parse error: Unfinished JSON term at EOF at line 3, column 0
## status: 0

### jq modules: import and include from -L, the working directory and metadata search paths
mkdir -p lib/sub lib/deep/x; printf 'def f: "f from a";\ndef g($x): $x + 1;\n' > lib/a.jq; printf 'import "a" as a;\ndef h: a::f + "!";\n' > lib/b.jq; printf 'def s: "sub";\n' > lib/sub/sub.jq; printf 'def here: "local";\n' > local.jq
jq -n -L lib 'import "a" as a; a::f, a::g(1)'; jq -n -L lib 'include "a"; f'; jq -n -Llib 'import "b" as b; b::h'; jq -n --library-path lib 'import "sub" as s; s::s'; jq -n 'import "local" as l; l::here'; jq -n 'import "lib/a" as a; a::f'; jq -n 'import "a" as a {search: "./lib"}; a::f'; jq -n -L lib '[1,2] as $x | import "a" as a; 1' 2>/dev/null; echo $?
## stdout:
"f from a"
2
"f from a"
"f from a!"
"sub"
"local"
"f from a"
"f from a"
3
## status: 0
## files:
lib/
lib/a.jq: "def f: \"f from a\";\ndef g($x): $x + 1;\n"
lib/b.jq: "import \"a\" as a;\ndef h: a::f + \"!\";\n"
lib/deep/
lib/deep/x/
lib/sub/
lib/sub/sub.jq: "def s: \"sub\";\n"
local.jq: "def here: \"local\";\n"

### jq data imports bind the file's JSON texts
mkdir -p lib; printf '[1,2]\n{"a":3}\n' > lib/d.json
jq -n -c -L lib 'import "d" as $d; $d, $d::d[1].a'; jq -n -c -L lib 'import "d" as $d; import "d" as $e; [$d[0][1], $e::e[1]]'
## stdout:
[[1,2],{"a":3}]
3
[2,{"a":3}]
## status: 0
## files:
lib/
lib/d.json: "[1,2]\n{\"a\":3}\n"

### jq modules run as jq runs them: assignments and definitions inside them
mkdir -p lib; printf 'def setx: .x = 1;\ndef grow: .[3] = "z";\n' > lib/m.jq
jq -n -c -L lib 'import "m" as m; null | m::setx, ([1] | m::grow)'
## stdout:
{"x":1}
[1,null,null,"z"]
## status: 0
## files:
lib/
lib/m.jq: "def setx: .x = 1;\ndef grow: .[3] = \"z\";\n"

### jq says which module it cannot find or read +stderr
mkdir -p lib lib/sub; printf 'def x: 1' > lib/bad.jq; printf 'def s: 1;' > lib/sub/sub.jq
jq -n -L lib 'import "nope" as n; 1'; echo $?; jq -n 'import "a" as a; a::f'; echo $?; jq -n -L lib 'include "bad"; x' 2>/dev/null; echo $?; jq -n -L lib 'import "sub/sub" as s; 1'; echo $?; jq -n -L lib 'import "nope" as $n; 1'; echo $?
## stdout:
3
3
3
3
3
## stderr:
jq: error: module not found: nope

jq: 1 compile error
jq: error: module not found: a

jq: 1 compile error
jq: error: module names must not have equal consecutive components: sub/sub

jq: 1 compile error
jq: error: module not found: nope

jq: 1 compile error
## status: 0
## files:
lib/
lib/bad.jq: "def x: 1"
lib/sub/
lib/sub/sub.jq: "def s: 1;"

### jq finds modules in ~/.jq when no -L is given
mkdir -p .jq; printf 'def home: "from home";\n' > .jq/h.jq
jq -n 'import "h" as h; h::home'; echo $?
## stdout:
"from home"
0
## status: 0
## files:
.jq/
.jq/h.jq: "def home: \"from home\";\n"

### jq base64d of unpadded input and its errors
echo '"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.sig"' | jq -c 'split(".")[:2] | map(@base64d | fromjson)'
for s in '"cWl4YmF6Cg"' '"="' '"QUJDa"' '"Not base64"' '"YQ==garbage"' '"/w"' '123'; do echo "$s" | jq -c 'try @base64d catch .'; done
## stdout:
[{"alg":"HS256"},{"sub":"1234"}]
"qixbaz\n"
""
"string (\"QUJDa\") trailing base64 byte found"
"string (\"Not base64\") is not valid base64 data"
"a"
"�"
"�m"
## status: 0

### jq urid refuses what is not a uri encoding
for s in '"a%20b+%E2%82%AC"' '"abc%"' '"abc%f"' '"abc%g"' '"%FX%9F%98%8E"' '"%F0%93%81"' '"%F0%9F%98%8E"' '"%C0%81"' '"%80"' '1'; do echo "$s" | jq -c 'try @urid catch .'; done
## stdout:
"a b+€"
"string (\"abc%\") is not a valid uri encoding"
"string (\"abc%f\") is not a valid uri encoding"
"string (\"abc%g\") is not a valid uri encoding"
"string (\"%FX%9F%98%8E\") is not a valid uri encoding"
"string (\"%F0%93%81\") is not a valid uri encoding"
"😎"
"string (\"%C0%81\") is not a valid uri encoding"
"string (\"%80\") is not a valid uri encoding"
"1"
## status: 0

### jq builtins and implode as jq 1.8
jq -n -c '(builtins | length > 200), ("-1" | IN(builtins[] / "/" | .[1])), all(builtins[] / "/"; .[1] | tonumber >= 0), (builtins | any(.[:1] == "_")), ([builtins[] | select(startswith("implode") or startswith("builtins"))] | sort)'
echo '[-1,0,65,1114111,1114112,55295,55296,57343,57344,1.1,1.9,-0.5]' | jq -c 'implode | explode'
echo '[123,["a"],[null],[true]]' | jq -c 'map(try implode catch .)'
## stdout:
true
false
true
false
["builtins/0","implode/0"]
[65533,0,65,1114111,65533,55295,65533,65533,57344,1,1,0]
["implode input must be an array","string (\"a\") can't be imploded, unicode codepoint needs to be numeric","null (null) can't be imploded, unicode codepoint needs to be numeric","boolean (true) can't be imploded, unicode codepoint needs to be numeric"]
## status: 0

### jq takes a negative number as the filter
echo 5 | jq -c "-1"; jq -n "-1.5"; jq -n -c -- -2
## stdout:
-1
-1.5
-2
## status: 0

### jq has(nan), bsearch, utf8bytelength and trim refuse in jq's words
jq -n -c '[1,2] | has(nan), has(1), has(5), ({} | try has(nan) catch .), ([1] | try has("a") catch .), ({"a":1} | has("a"))'
jq -n -c '"aa" | try bsearch(0) catch ., ([1,2,3] | bsearch(2))'
jq -n -c '({"a":"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"} | try utf8bytelength catch .), ("é" | utf8bytelength)'
jq -n -c '(1 | try ltrim catch .), (null | try trim catch .), (" a " | trim, ltrim, rtrim)'
## stdout:
false
true
false
"Cannot check whether object has a number key"
"Cannot check whether array has a string key"
true
"string (\"aa\") cannot be searched from"
1
"object ({\"a\":\"aaaaaaaaaaaaaaaaaaa...}) only strings have UTF-8 byte length"
2
"trim input must be a string"
"trim input must be a string"
"a"
"a "
" a"
## status: 0

### jq reads NaN and Infinity in any spelling jq reads, as Python writes them
echo '[1,nan,NaN,-nan,Infinity,-Infinity,infinity,-inf,INF]' | jq -c '., map(isnan), map(isinfinite)'
echo '{"score": NaN, "max": Infinity}' | jq -c '.score | isnan, (. == .)'
printf 'NaN\n-Infinity\n' | jq -c '[., type]'
## stdout:
[1,null,null,null,1.7976931348623157e+308,-1.7976931348623157e+308,1.7976931348623157e+308,-1.7976931348623157e+308,1.7976931348623157e+308]
[false,true,true,true,false,false,false,false,false]
[false,false,false,false,true,true,true,true,true]
true
false
[null,"number"]
[-1.7976931348623157e+308,"number"]
## status: 0

### jq refuses what is not JSON to jq: comments, byte strings, keys that are not strings +stderr
echo '1 {1:2} 3' | jq -c .; echo "status $?"
printf '[1]\n# note\n' | jq -c .; echo "status $?"
echo '[nan1]' | jq -c .; echo "status $?"
echo '2 b"x"' | jq -c .; echo "status $?"
## stdout:
1
status 5
[1]
status 5
status 5
2
status 5
## stderr:
jq: parse error: Object keys must be strings at line 1, column 5
jq: parse error: Invalid numeric literal at line 2, column 2
jq: parse error: Invalid numeric literal at line 1, column 6
jq: parse error: Invalid numeric literal at line 1, column 4
## status: 0

### jq fromjson reads nan and says its faults as jq does
jq -n -c '"nan" | fromjson | isnan'
jq -n -c '"[NaN, -Infinity]" | fromjson'
jq -n -c '"a", "[1,", "1 2", "", "{1:2}" | try fromjson catch .'
jq -n -c '1 | try fromjson catch .'
## stdout:
true
[null,-1.7976931348623157e+308]
"Invalid numeric literal at EOF at line 1, column 1 (while parsing 'a')"
"Unfinished JSON term at EOF at line 1, column 3 (while parsing '[1,')"
"Unexpected extra JSON values (while parsing '1 2')"
"Expected JSON value (while parsing '')"
"Object keys must be strings at line 1, column 3 (while parsing '{1:2}')"
"number (1) only strings can be parsed"
## status: 0

### jq indexes with NaN and infinities as jq does
jq -n -c '[1,2,3] | .[nan], .[infinite], .[-infinite], .[1e300], del(.[nan]), del(.[infinite])'
jq -n -c '[1,2,3] | .[nan:], .[:nan], .[nan:nan], .[1:infinite], .[-infinite:2], ("abc" | .[1:nan])'
jq -n -c '[1,2] | try .["a":] catch ., try (.[infinite] = 1) catch .'
## stdout:
null
null
null
null
[1,2,3]
[1,2,3]
[1,2,3]
[1,2,3]
[1,2,3]
[2,3]
[1,2]
"bc"
"Array/string slice indices must be integers"
"Array index too large"
## status: 0

### jq refuses an object key that is not a string, at compile time when it is constant +stderr
jq -n -c '{(0):1}'; echo "status $?"
jq -n -c 'try {(null):1} catch .'; echo "status $?"
jq -n -c '{"a":1} | {(.a):2}'; echo "status $?"
jq -n -c '[{"key":1,"value":2}] | try from_entries catch .'
jq -n -c '{("a","b"):1}, {"x\(1)":2}, {a:3}'
## stdout:
status 3
status 3
status 5
"Cannot use number (1) as object key"
{"a":1}
{"b":1}
{"x1":2}
{"a":3}
## stderr:
jq: error: Cannot use number (0) as object key at <top-level>, line 1, column 3:
    {(0):1}
      ^
jq: 1 compile error
jq: error: Cannot use null (null) as object key at <top-level>, line 1, column 7:
    try {(null):1} catch .
          ^^^^
jq: 1 compile error
jq: error (at <unknown>): Cannot use number (1) as object key
## status: 0

### jq reduce and foreach go on from the last output of the update
jq -n -c 'reduce range(3) as $x (0; .+1, .+10)'
jq -n -c 'reduce range(3) as $x (0; if $x == 1 then empty else . + 1 end)'
jq -n -c '[foreach range(3) as $x (0; .+1, .+10)]'
jq -n -c '[foreach range(3) as $x (0; if $x == 1 then empty else . + 1 end)]'
jq -n -c '[foreach range(3) as $x (0; .+1, .+10; [$x, .])]'
jq -n -c '[foreach (1,2) as $x (0,10; .+$x; -.)]'
jq -n -c 'reduce empty as $x (1,2; .)'
## stdout:
30
1
[1,10,11,20,21,30]
[1,1]
[[0,1],[0,10],[1,11],[1,20],[2,21],[2,30]]
[-1,-3,-11,-13]
1
2
## status: 0

### jq reduce and foreach destructure their values
jq -n -c 'reduce ([1,2],[3,4]) as [$a,$b] (0; . + $a*$b)'
jq -n -c '[foreach ({"a":1},{"a":2}) as {a:$v} (0; .+$v; [$v,.])]'
jq -n -c '[foreach range(5) as $x (null; $x; select(. % 2 == 0))]'
jq -n -c '[limit(3; foreach range(10) as $x (0; .+$x))]'
jq -n -c '[1,2] | reduce .[] as $x (.; . + [$x])'
jq -n -c '{"a":[1,{"b":2}]} as {a:[$x,{b:$y}]} | [$x,$y]'
jq -n -c '[[1,2],[3]] | [.[] as [$a,$b] ?// $a | {a:$a,b:$b}]'
## stdout:
14
[[1,1],[2,3]]
[0,2,4]
[0,1,3]
[1,2,1,2]
[1,2]
[{"a":1,"b":2},{"a":3,"b":null}]
## status: 0

### jq type errors in jq's words
jq -n -c 'try (null | keys) catch ., try (1 | to_entries) catch ., try (true | length) catch .'
jq -n -c 'try ([{}] | @csv) catch ., try ([[1]] | @tsv) catch ., try ({} | @csv) catch ., try ({} | @sh) catch .'
jq -n -c 'try (1 | explode) catch ., try (1 | ascii_downcase) catch ., try ({} | startswith("a")) catch ., try ("a" | endswith(1)) catch .'
jq -n -c 'try ("x" | range(.)) catch ., try range(0; "a") catch ., try ({} | sort) catch ., try ({} | unique) catch .'
jq -n -c 'try ({} | sort_by(.)) catch ., try (1 | group_by(.)) catch ., try ({} | min) catch ., try (1 | max_by(.)) catch .'
jq -n -c 'try ({} | contains(1)) catch ., try ("a" | contains(1)) catch ., try ({} | inside(1)) catch .'
jq -n -c 'try ("1" | -.) catch ., try ({} | -.) catch ., try (-null) catch .'
jq -n -c 'try (1 | mktime) catch ., try ("a" | gmtime) catch ., try ({} | todate) catch ., try ("x" | fromdate) catch ., try ("x" | strptime("%Y")) catch .'
jq -n -c '({} | reverse), (null | reverse), ({} | flatten), ({"a":[1,[2]]} | flatten), try ("abc" | reverse) catch ., try (1 | flatten) catch .'
jq -n -c 'try (1 + "a") catch ., try ({} - 1) catch ., try ([] * {}) catch ., try (1 / 0) catch ., try (1 % 0) catch ., try (1 | .[]) catch ., try ("x" | .[0]) catch .'
jq -n -c 'try ("abc" | tonumber) catch ., try ([] | has("a")) catch ., try ([1,"a"] | add) catch ., try (1 | test("a")) catch .'
## stdout:
"null (null) has no keys"
"number (1) has no keys"
"boolean (true) has no length"
"object ({}) is not valid in a csv row"
"array ([1]) is not valid in a csv row"
"object ({}) cannot be csv-formatted, only array"
"object ({}) can not be escaped for shell"
"explode input must be a string"
"explode input must be a string"
"startswith() requires string inputs"
"endswith() requires string inputs"
"Range bounds must be numeric"
"Range bounds must be numeric"
"object ({}) cannot be sorted, as it is not an array"
"object ({}) cannot be sorted, as it is not an array"
"object ({}) and array ([]) cannot be sorted, as they are not both arrays"
"Cannot iterate over number (1)"
"object ({}) and object ({}) cannot be iterated over"
"Cannot iterate over number (1)"
"object ({}) and number (1) cannot have their containment checked"
"string (\"a\") and number (1) cannot have their containment checked"
"number (1) and object ({}) cannot have their containment checked"
"string (\"1\") cannot be negated"
"object ({}) cannot be negated"
"null (null) cannot be negated"
"mktime requires array inputs"
"gmtime() requires numeric inputs"
"strftime/1 requires parsed datetime inputs"
"date \"x\" does not match format \"%Y-%m-%dT%H:%M:%SZ\""
"date \"x\" does not match format \"%Y\""
[]
[]
[]
[1,2]
"Cannot index string with number (2)"
"Cannot iterate over number (1)"
"number (1) and string (\"a\") cannot be added"
"object ({}) and number (1) cannot be subtracted"
"array ([]) and object ({}) cannot be multiplied"
"number (1) and number (0) cannot be divided because the divisor is zero"
"number (1) and number (0) cannot be divided (remainder) because the divisor is zero"
"Cannot iterate over number (1)"
"Cannot index string with number (0)"
"string (\"abc\") cannot be parsed as a number"
"Cannot check whether array has a string key"
"number (1) and string (\"a\") cannot be added"
"number (1) cannot be matched, as it is not a string"
## status: 0

### jq object patterns with $name: bind the key and destructure it
echo '{"a":1, "b":[2,{"d":3}]}' | jq -c '. as {$a, $b:[$c, $d]} | [$a, $b, $c, $d], (. as {b: [$f, {$d: $dd}]} | [$f, $d, $dd]), (.b[] as {$d:$e} ?// [$d] | [$d, $e])'
## stdout:
[1,[2,{"d":3}],2,{"d":3}]
[2,3,3]
## status: 5

### jq regex errors in jq 1.8's words
for re in '(' ')' '[' '*' 'a{3,1}' '[b-a]' '(?z)a'; do jq -nc --arg re "$re" 'try ("a" | test($re)) catch .'; done; jq -nc 'try ("a" | scan("(")) catch ., try ("a" | capture("(?<x>a")) catch ., try ("a" | splits("(")) catch .'
## stdout:
"Regex failure: end pattern with unmatched parenthesis"
"Regex failure: unmatched close parenthesis"
"Regex failure: premature end of char-class"
"Regex failure: target of repeat operator is not specified"
"Regex failure: upper is smaller than lower in repeat range"
"Regex failure: empty range in char class"
"Regex failure: undefined group option"
"Regex failure: end pattern with unmatched parenthesis"
"Regex failure: end pattern with unmatched parenthesis"
"Regex failure: end pattern with unmatched parenthesis"
## status: 0

### jq in getpath strftime splits and halt_error messages
jq -nc 'try (0 | in({})) catch ., ("a" | in({"a":1})), try (getpath({})) catch ., ({"a":{"b":2}} | getpath(["a","b"]), getpath(["x","y"])), try (1 | strftime(1)) catch ., try ("a" | splits("a"; 1)) catch ., try ("a" | scan("a"; 1)) catch .'; jq -n 'null | halt_error(1)'; echo "s=$?"; jq -n '{"a":1} | halt_error(1)' 2>&1; echo "s=$?"
## stdout:
"Cannot check whether object has a number key"
true
"Path must be specified as an array"
2
null
"strftime/1 requires a string format"
"number (1) and string (\"g\") cannot be added"
"string (\"g\") and number (1) cannot be added"
s=1
{"a":1}
s=1
## status: 0

### jq 1.8 repeats a string by a number's whole part, null below zero
for e in '. * -1' '. * 0' '. * 0.5' '. * 2.7' '0 * .' '. * nan' '"" * 3' '[. * (1,2)]'; do echo '"ab"' | jq -c "$e"; done; echo '"ab"' | jq '. * 1e10'; echo "st $?"
## stdout:
null
""
""
"abab"
""
null
""
["ab","abab"]
st 5
## status: 0

### jq reduce and foreach bind each value by the first pattern of ?// that fits
echo '[[1],2,[3]]' | jq -c 'reduce .[] as [$a] ?// $a (0; . + $a)'
echo '[[1],2,{"a":5}]' | jq -c '[foreach .[] as [$a] ?// {$a} ?// $a (0; . + $a; [., $a])]'
echo '[[1],[2]]' | jq -c 'reduce .[] as [$a] ?// $b (null; [$a, $b])'
## stdout:
6
[[1,1],[3,2],[8,5]]
[2,null]
## status: 0

### jq refuses to index an object with a number, in paths and patterns too
echo '{"a":1}' | jq -c 'try .[0] catch ., try .[1.5] catch ., [.[0]?], try (.[0] = 1) catch ., try path(.[2]) catch ., try (. as [$a] | $a) catch ., try ([.] | .[0][3]) catch .'
echo '[{"a":1},[5],null,"s"]' | jq -c '[.[] | .[0]?], [.[1:][0][0]], (.[0] | .a), [paths]'
echo '{"a":[1,2]}' | jq -c '.a[1] += 5 | .a[0], del(.a[0])'; echo '{"a":1}' | jq '.[0]'; echo "st $?"
## stdout:
"Cannot index object with number (0)"
"Cannot index object with number (1.5)"
[]
"Cannot index object with number (0)"
"Cannot index object with number (2)"
"Cannot index object with number (0)"
"Cannot index object with number (3)"
[5,null]
[5]
1
[[0],[0,"a"],[1],[1,0],[2],[3]]
1
{"a":[7]}
st 5
## status: 0

### jq's gamma is the log of the gamma function, and an unknown @format fails when it runs
echo 8 | jq -c '[gamma, (gamma|floor), lgamma, tgamma]'; echo '"hi"' | jq -c 'try @foo catch ., (try @bar "x\(.)" catch .)'; echo '"hi"' | jq '@baz'; echo "st=$?"
## stdout:
[8.525161361065413,8,8.525161361065413,5040]
"foo is not a valid format"
"bar is not a valid format"
st=5
## status: 0

### jq reads texts that span the pieces its input is read in, from files and from a pipe
{ printf '{"s":"'; head -c 600000 /dev/zero | tr '\0' a; printf '"}\n[1,\n2] 3 "x'; head -c 300000 /dev/zero | tr '\0' b; printf '"\n{"n": [[[1]]]}'; } > big.json
jq -c 'if type == "object" then (.s // .n) | length elif type == "string" then length else . end' big.json
cat big.json | jq -c 'if type == "object" then (.s // .n) | length elif type == "string" then length else . end'
cat big.json big.json | jq -c 'length' | tr '\n' ' '; echo
rm big.json
## stdout:
600000
[1,2]
3
300001
1
600000
[1,2]
3
300001
1
1 2 3 300001 1 1 2 3 300001 1 
## status: 0

### jq reads its files as one stream, goes on past one it cannot open and names places in each
printf '{"a":1}\n"x"\n' > e1.json; printf '2\n' > e2.json; printf '{"a":3}\n' > e3.json
jq -c '.a' e1.json missing.json e2.json 2>err.txt; echo "status $?"; cat err.txt
jq -c '.a' e1.json e3.json; echo "status $?"
rm e1.json e2.json e3.json err.txt
## stdout:
1
status 2
jq: error (at e1.json:2): Cannot index string with string ("a")
jq: error: Could not open file missing.json: No such file or directory
jq: error (at e2.json:1): Cannot index number with string ("a")
1
3
status 0
## status: 0

### jq reads the values before input nested too deep, and what follows a fault only up to it
{ echo '1 [2]'; head -c 10001 /dev/zero | tr '\0' '['; } | jq -c .; echo "status $?"
printf '1 [2,] nan1' | jq -c .; echo "status $?"
printf '1 2\n3' | jq -c 'error("at " + tostring)' 2>&1; echo "status $?"
printf '\xef\xbb\xbf[1]\n[2]' | jq -c .
## stdout:
1
[2]
status 5
1
status 5
jq: error (at <stdin>:1): at 1
jq: error (at <stdin>:1): at 2
jq: error (at <stdin>:1): at 3
status 5
[1]
[2]
## status: 0

### jq takes a filter starting with a dash that is no option, and reduce/foreach over an expression
echo '[3,4]' | jq -c '-.[0]'
echo 7 | jq -c '-(. * 2)'
echo '[2,8]' | jq -c 'reduce .[] * 2 as $x (0; . + $x)'
echo '[2,8]' | jq -c '[foreach .[] + 1 as $x (0; . + $x; [$x, .])]'
echo '[0.25, 0.001]' | jq -c 'map(. > .01), [.[] | select(. < .3)]'
## stdout:
-3
-14
20
[[3,3],[9,12]]
[true,false]
[0.25,0.001]
## status: 0

### jq slices null to null, even when assigning, and bounds read the input
jq -nc '[null, "wxyz", [5,6,7]] | [.[] | .[1:3]?]'
jq -nc 'null | .[2:5] = ["p"]'
jq -nc '{"n": 1, "a": [4,5,6]} | .a[.n:], (.a[.n:] |= map(. + 1))'
jq -nc '[1,2,3] | path(.[1:2]), [.[]?]'
## stdout:
[null,"xy",[6,7]]
["p"]
[5,6]
{"n":1,"a":[4,6,7]}
[{"start":1,"end":2}]
[1,2,3]
## status: 0

### jq's remainder cuts both numbers to integers, infinities to the ends of the range
jq -nc '[7.9 % 2, -7 % 2.5, infinite % 5, -infinite % infinite, 9 % -1]'
jq -nc '[nan % 3] | .[0] | isnan'
jq -nc 'try (3 % 0.4) catch .'
## stdout:
[1,-1,2,-1,0]
true
"number (3) and number (0.4) cannot be divided (remainder) because the divisor is zero"
## status: 0

### jq's mktime and strftime take a partial broken-down time and carry fields over
jq -nc '[2023,0,31] | mktime'
jq -nc '[2023,1,29,12] | strftime("%Y-%m-%d %H:%M %A")'
jq -nc '[1999] | mktime, ([] | mktime)'
jq -nc '[2000,14,0,0,0,30.9] | mktime | todate'
jq -nc '[2000,"x"] | try mktime catch ., try strftime("%Y") catch .'
jq -nc '{} | try strflocaltime("%Y") catch ., (0 | try strflocaltime(1) catch .)'
## stdout:
1675123200
"2023-03-01 12:00 Wednesday"
915062400
-2209075200
"2001-02-28T00:00:30Z"
"mktime requires parsed datetime inputs"
"strftime/1 requires parsed datetime inputs"
"strflocaltime/1 requires parsed datetime inputs"
"strflocaltime/1 requires a string format"
## status: 0

### jq's _strindices, input past the last input, and setpath with an array key
jq -nc '"añoaño" | _strindices("o")'
jq -nc '[1] | try _strindices("x") catch ., ("x" | try _strindices(null) catch .)'
echo 1 | jq -c '[., (try input catch .)]'
jq -nc '[0,1] | try setpath([[0]]; 5) catch .'
## stdout:
[2,5]
"array ([1]) cannot be searched, as it is not a string"
"null (null) is not a string"
[1,"break"]
"Cannot update field at array index of array"
## status: 0

### jq refuses a constant key in an object pattern and metadata that is not a constant object
jq -nc '{} as {(null): $v} | $v' 2>&1; echo "status $?"
jq -nc 'module {x: [1, "two"]}; 5'
jq -nc 'module (1 + 1); 5' 2>&1; echo "status $?"
jq -nc 'module "meta"; 5' 2>&1; echo "status $?"
## stdout:
jq: error: Cannot use null (null) as object key at <top-level>, line 1, column 9:
    {} as {(null): $v} | $v
            ^^^^
jq: 1 compile error
status 3
5
jq: error: Module metadata must be an object at <top-level>, line 1, column 8:
    module (1 + 1); 5
           ^^^^^^^
jq: 1 compile error
status 3
jq: error: Module metadata must be an object at <top-level>, line 1, column 8:
    module "meta"; 5
           ^^^^^^
jq: 1 compile error
status 3
## status: 0

### jq stops at its depth limits: paths, printing and parsing
jq -nc '[range(10002) | 0] as $p | (try getpath($p) catch .), (try setpath($p; 1) catch .), (try delpaths([$p]) catch .)'
jq -nc '[range(10000) | "k"] as $p | null | setpath($p; 1) | getpath($p)'
jq -nc 'reduce range(10005) as $i (7; [.]) | tojson | .[-40:]'
jq -nc 'reduce range(10000) as $i (7; [.]) | tojson | fromjson | flatten'
jq -nc 'reduce range(10001) as $i ({}; {a: .}) | tojson | try fromjson catch (. | test("Exceeds depth limit"))'
## stdout:
"Path too deep"
"Path too deep"
"Path too deep"
1
"]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"
[7]
true
## status: 0

### jq's paths and updates go through the filter's own definitions
jq -nc '{"k": [5, 6]} | def at(f): .k | f; path(at(.[1])), (at(.[0]) |= . * 3), del(at(.[0]))'
jq -nc '[9, 8, 7] | def two: .[0, 2]; two = 0, ([paths] | length), (two += 1)'
jq -nc '{"a": {"b": {"c": 1}}} | def deep: .a | .b | .c; deep |= [.] | getpath(["a","b","c"])'
## stdout:
["k",1]
{"k":[15,6]}
{"k":[6]}
[0,8,0]
3
[10,8,8]
[1]
## status: 0

### jq computes numbers past 2^53 in doubles, and a literal keeps its digits until then
echo '[18014398509481985, 123456789012345678]' | jq -c '., map(. - 1), map(. + 0), (.[0] * 1), (.[1] / 1)'
jq -nc '[9007199254740992 + 1, 9007199254740993 - 0, 4503599627370496 * 4, -9007199254740993 + 2]'
jq -nc '123456789012345678901 | ., -., (. + 0 | tostring), . == 123456789012345678901'
## stdout:
[18014398509481985,123456789012345678]
[18014398509481984,123456789012345680]
[18014398509481984,123456789012345680]
18014398509481984
123456789012345680
[9007199254740992,9007199254740992,18014398509481984,-9007199254740990]
123456789012345678901
-123456789012345678901
"123456789012345680000"
true
## status: 0

### jq's contains and object merge stop at their depth, and a string slice reads but is not updated
jq -nc '[{"k": ["ab", 3]}] | contains([{"k": ["b"]}]), contains([{"k": [4]}]), ("xyz" | contains("yz"))'
jq -nc 'reduce range(10002) as $i (0; [.]) as $v | try ($v | contains($v)) catch .'
jq -nc 'reduce range(10002) as $i (0; {n: .}) as $v | try ($v * $v) catch ., ({"n": {"m": 1}} * {"n": {"o": 2}})'
jq -nc '"wxyzw" | .[1:4], .[-2:], (try (.[0:2] |= "q") catch .)'
echo "\"[1, 'two']\"" | jq -c 'try fromjson catch .'
## stdout:
true
false
true
"Containment check too deep"
"Object merge too deep"
{"n":{"m":1,"o":2}}
"xyz"
"zw"
"Cannot update string slices"
"Invalid string literal; expected \", but got ' at line 1, column 10 (while parsing '[1, 'two']')"
## status: 0

### jq's equality, sort and unique stop at their depth; a number's length keeps its literal
jq -nc '[[1, [2]] == [1, [2]], {"a": [1]} != {"a": [1]}, (1, 2) == (2, 1), ([{"b": 1, "a": 0}, {"a": 0}, [3], "s", null] | sort)]'
jq -nc '[{"k": 2}, {"k": 1}, {"k": 2}, [0], [0], 0.5, 0.5] | unique'
jq -nc 'reduce range(10002) as $i (1; [.]) as $v | ($v == $v), (reduce range(10002) as $i (1; [.]) as $w | try ($v == $w) catch .)'
jq -nc 'reduce range(10002) as $i (1; [.]) as $v | [$v, $v] | (try sort catch .), (try unique catch .), ([$v] | sort | length)'
jq -nc '[-2.50, -3E+400, 7, -0, "né", {"q": 1}] | map(length)'
## stdout:
[true,false,false,true,true,false,[null,"s",[3],{"a":0},{"b":1,"a":0}]]
[0.5,[0],{"k":1},{"k":2}]
true
"Equality check too deep"
"Comparison too deep"
"Comparison too deep"
1
[2.50,3E+400,7,0,2,1]
## status: 0

### a float with an integral value is written as jq writes it, in strings and formats too
jq -nr '10/2 | (@text, @json, @sh, @html, @uri, @base64, tostring, tojson, "\(.)", @json "x\(.)")'
echo '{"n":10,"a":1.5}' | jq -r '"\(.n/2) \(.a*2) \(2.5|trunc)" , {("k\(.a*2)"): 1}'
jq -nr '[1.5, 3, 0.1] | "\(.[0]) \(.[1]/3) \(.[2])", @csv'
## stdout:
5
5
5
5
5
NQ==
5
5
5
x5
5 3 2
{
  "k3": 1
}
1.5 1 0.1
1.5,3,0.1
## status: 0

### jq walks a value nested deeper than the evaluator recursed, and walk keeps jq's meaning
jq -n 'reduce range(20000) as $i (0; [.]) | walk(.) | length'
jq -nc 'reduce range(20000) as $i (1; [.]) | walk(if type == "array" then .[0] else . + 1 end)'
jq -c 'walk(if type == "number" then (., . * 10) else . end)' <<< '[1, {"a": 2, "b": [3]}]'
jq -c 'walk(if . == 2 then empty elif type == "array" then sort else . end)' <<< '{"a": 2, "b": [3, 2, 1], "c": {"d": 2}}'
jq -nc '[limit(3; 5 | walk(repeat(.)))], [{"k": [1]} | walk(., "x")], (try ([1, [2]] | walk(if . == 2 then error("two") else . end)) catch .)'
## stdout:
1
2
[1,10,{"a":2,"b":[3,30]}]
{"b":[1,3],"c":{}}
[5,5,5]
[{"k":[1,"x"]},"x"]
"two"
## status: 0

### jq's order, tostream and @json stop at their depth as jq's do
jq -nc 'reduce range(10002) as $i (1; [.]) as $v | (try ($v < $v) catch .), (try ([$v] >= [[$v]]) catch .), ($v > 5), ($v == 5), ({} < []), ([1, "a"] <= [1, "b"])'
jq -nc 'reduce range(10001) as $i (1; [.]) | try ([tostream] | length) catch .'
jq -nc 'reduce range(10005) as $i (7; [.]) | @json | .[-40:]'
jq -nc '[(1, 2) < (2, 1)], [{"a": [1]} < {"a": [1, 0]}, {"a": 1} > {"b": 0}, [null] >= [false]]'
## stdout:
"Comparison too deep"
"Comparison too deep"
true
false
false
true
"Path too deep"
"]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]"
[true,false,false,false]
[true,false,false]
## status: 0

### jq rounds in doubles past 2^53; nearbyint and rint round a half to even
jq -nc '[9007199254740993, -9007199254740993, 100000000000000000001, 1e300] | map(floor), map(ceil), map(round), map(trunc), map(fabs), map(sqrt)'
jq -nc '[2.5, -2.5, 0.5, -0.5, 3.5, 1.000, -0.4] | map(floor), map(ceil), map(round), map(nearbyint), map(rint), map(trunc)'
jq -nc '[5, -2.5, 0, 1e-320, 1e300, nan, infinite] | map(significand), map(logb), map(frexp), map(isnormal)'
jq -nc '[3, -2.5, 1e300, 1e-320, nan, -infinite] | map(ldexp(3; .)), map(scalbln(3; .)), map(ldexp(.; 2)), [ldexp(1, 2; 3, 4)]'
jq -nc '[1, 10, 100.5] | map(gamma), map(lgamma)'
jq -n '"a" | try floor catch ., (null | try round catch .), ({} | try significand catch .), ("a" | isnormal)'
## stdout:
[9007199254740992,-9007199254740992,1e+20,1e+300]
[9007199254740992,-9007199254740992,1e+20,1e+300]
[9007199254740992,-9007199254740992,1e+20,1e+300]
[9007199254740992,-9007199254740992,1e+20,1e+300]
[9007199254740992,9007199254740992,1e+20,1e+300]
[94906265.62425156,null,10000000000,1e+150]
[2,-3,0,-1,3,1,-1]
[3,-2,1,-0,4,1,-0]
[3,-3,1,-1,4,1,-0]
[2,-2,0,-0,4,1,-0]
[2,-2,0,-0,4,1,-0]
[2,-2,0,-0,3,1,-0]
[1.25,-1.25,0,1.9765625,1.4932217896051503,null,1.7976931348623157e+308]
[2,1,-1.7976931348623157e+308,-1064,996,null,1.7976931348623157e+308]
[[0.625,3],[-0.625,2],[0,0],[0.98828125,-1063],[0.7466108948025751,997],[null,0],[1.7976931348623157e+308,0]]
[true,true,false,false,true,false,false]
[24,0.75,0,3,0,0]
[24,0.75,0,3,0,0]
[12,-10,4e+300,4e-320,null,-1.7976931348623157e+308]
[8,16,16,32]
[0,12.80182748008147,361.4355404677776]
[0,12.80182748008147,361.4355404677776]
"string (\"a\") number required"
"null (null) number required"
"object ({}) number required"
false
## status: 0

### jq's input_line_number is the line the input has been read to
printf '1\n2 3\n\n[4,\n5]\n6' | jq -c '[., input_line_number]'
printf '1\n2\n3\n' | jq -nc 'input_line_number, input, input_line_number, [inputs], input_line_number'
printf 'a\nb\n' | jq -R 'input_line_number'; printf '1\n2\n' | jq -s 'input_line_number'
printf '1\n[2]\n' | jq -c --stream '[., input_line_number]'; jq -n 'input_line_number'
## stdout:
[1,1]
[2,2]
[3,2]
[[4,5],5]
[6,5]
0
1
1
[2,3]
3
1
2
2
[[[],1],1]
[[[0],2],2]
[[[0]],2]
0
## status: 0

### jq prints what lies deeper than 10,000 levels as <skipped: too deep>, compact and indented
jq -nc 'reduce range(20000) as $i (0; [.])' | wc -c
jq -nc 'reduce range(20000) as $i (0; [.])' | grep -o '\[0\]\|skipped: too deep' | sort | uniq -c
jq -n 'reduce range(12000) as $i ("x"; {a: .})' | tail -c 40 | head -c 20; echo
jq -nc '[reduce range(10001) as $i (0; [.]), 1]' | tail -c 30
## stdout:
20022
      1 skipped: too deep
        }
        }

]]]]]]]]]]]]]]]]]]]]]]]]]],1]
## status: 0

### debug and stderr cut a value deeper than jq prints as jq does (debug one level sooner)
jq -n 'reduce range(20000) as $i (0; [.]) | debug | length' 2>&1 >/dev/null | wc -c
jq -n 'reduce range(20000) as $i (0; [.]) | stderr | length' 2>&1 >/dev/null | wc -c
jq -n 'reduce range(20000) as $i (0; [.]) | tojson | length'
## stdout:
20031
20021
20021
## status: 0

### jq orders by keys as jq does, and stops comparing past 10,000 levels
jq -nc '[[1,"a"],[0,"b"],[1,"c"],[0,"d"]] | min_by(.[0]), max_by(.[0]), group_by(.[0]), unique_by(.[0]), sort_by(.[0]), min, max'
jq -nc '[] | min, max, sort_by(.), group_by(.), unique_by(.)'
jq -nc '[{"b":1,"a":2},{"a":2},{"a":1,"c":0}] | sort_by(.), min_by(keys), max_by(.a)'
for f in 'sort_by(.)' 'group_by(.)' 'unique_by(.)' 'min' 'max' 'min_by(.)' 'max_by(.)'; do
  jq -n "[(reduce range(10002) as \$i (0; [.])), (reduce range(10002) as \$i (1; [.]))] | try ($f | length) catch ."
done
## stdout:
[0,"b"]
[1,"c"]
[[[0,"b"],[0,"d"]],[[1,"a"],[1,"c"]]]
[[0,"b"],[1,"a"]]
[[0,"b"],[0,"d"],[1,"a"],[1,"c"]]
[0,"b"]
[1,"c"]
null
null
[]
[]
[]
[{"a":2},{"b":1,"a":2},{"a":1,"c":0}]
{"a":2}
{"a":2}
"Comparison too deep"
"Comparison too deep"
"Comparison too deep"
"Comparison too deep"
"Comparison too deep"
"Comparison too deep"
"Comparison too deep"
## status: 0

### jq strptime of part of a time: a clock, a month, a day of the year, a weekday, an offset with a colon
jq -nc '"07:45" | strptime("%H:%M"), ("1999-12" | strptime("%Y-%m")), ("08:15:30 PM" | strptime("%r")), ("1999-045" | strptime("%Y-%j")), ("045" | strptime("%j")), ("Tue" | strptime("%a")), ("99" | strptime("%y"))'; jq -nc '"1999-12-31T23:00:00+05:30" | strptime("%Y-%m-%dT%H:%M:%S%z") | mktime, todate'
## stdout:
[1900,0,0,7,45,0,8,367]
[1999,11,0,0,0,0,2,333]
[1900,0,0,20,15,30,8,367]
[1999,1,14,0,0,0,0,44]
[1900,0,0,0,0,0,8,44]
[1900,0,0,0,0,0,2,367]
[1999,0,0,0,0,0,4,-1]
946681200
"1999-12-31T23:00:00Z"
## status: 0

### jq strftime names gmtime's zone GMT
jq -nc '86400 | strftime("%Z|%%Z|%H"), (gmtime | strftime("%Z %z")), todate'
## stdout:
"GMT|%Z|00"
"GMT +0000"
"1970-01-02T00:00:00Z"
## status: 0

### jq compile errors: an invalid escape, a short or bad unicode escape, an unknown label +stderr
jq -n '"a\qb"'; echo "status $?"; jq -n '"\u00zz"'; jq -n '1 +
 "\u1"'; jq -n '[1] | break   $out'; jq -n 'label $in | break $out'
## stdout:
status 3
## stderr:
jq: error: Invalid escape at line 1, column 4 (while parsing '"\q"') at <top-level>, line 1, column 3:
    "a\qb"
      ^^
jq: 1 compile error
jq: error: Invalid characters in \uXXXX escape at line 1, column 8 (while parsing '"\u00zz"') at <top-level>, line 1, column 2:
    "\u00zz"
     ^^^^^^
jq: 1 compile error
jq: error: Invalid \uXXXX escape at line 1, column 5 (while parsing '"\u1"') at <top-level>, line 2, column 3:
     "\u1"
      ^^^
jq: 1 compile error
jq: error: $*label-out is not defined at <top-level>, line 1, column 7:
    [1] | break   $out
          ^^^^^^^^^^^^
jq: 1 compile error
jq: error: $*label-out is not defined at <top-level>, line 1, column 13:
    label $in | break $out
                ^^^^^^^^^^
jq: 1 compile error
## status: 3

### jq a NaN index cannot be set, a fractional one does not index a string or object
jq -nc 'try ([0] | .[nan] = 1) catch ., ([0] | .[nan]), ([0,1] | del(.[nan])), try ("xyz" | .[0.5]) catch ., try ({} | .[2.5]) catch ., ([5,6] | .[1.7]), ("xyz" | .[0.5]?)'
## stdout:
"Cannot set array element at NaN index"
null
[0,1]
"Cannot index string with number (0.5)"
"Cannot index object with number (2.5)"
6
## status: 0

### jq 1.8's words for a misused option, and --indent -1 as a tab +stderr
jq -n -Z; jq -n --nosuch; jq -n --argjson v; jq -n --rawfile v; jq -n -L; jq -n --jsonargs '$ARGS' '{'; jq -n --argjson v '{'; jq -n --indent 8 1; jq -n --rawfile v nope.txt '$v'; echo "status $?"; echo '[1]' | jq --indent -1 .
## stdout:
status 2
[
	1
]
## stderr:
jq: Unknown option -Z
Use jq --help for help with command-line options,
or see the jq manpage, or online docs at https://jqlang.org
jq: Unknown option --nosuch
Use jq --help for help with command-line options,
or see the jq manpage, or online docs at https://jqlang.org
jq: --argjson takes two parameters (e.g. --argjson varname text)
Use jq --help for help with command-line options,
or see the jq manpage, or online docs at https://jqlang.org
jq: --rawfile takes two parameters (e.g. --rawfile varname filename)
Use jq --help for help with command-line options,
or see the jq manpage, or online docs at https://jqlang.org
-L takes a parameter: (e.g. -L /search/path or -L/search/path)
Use jq --help for help with command-line options,
or see the jq manpage, or online docs at https://jqlang.org
jq: invalid JSON text passed to --jsonargs
Use jq --help for help with command-line options,
or see the jq manpage, or online docs at https://jqlang.org
jq: invalid JSON text passed to --argjson
Use jq --help for help with command-line options,
or see the jq manpage, or online docs at https://jqlang.org
jq: --indent takes a number between -1 and 7
Use jq --help for help with command-line options,
or see the jq manpage, or online docs at https://jqlang.org
jq: Bad JSON in --rawfile v nope.txt: Could not open nope.txt: No such file or directory
## status: 0

### jq --seq warns of input with no RS at all, with its line and column
printf '[1,2]' | jq --seq -c . 2>&1; printf 'ab\ncde' | jq --seq . 2>&1; printf '' | jq --seq . 2>&1; jq -n --seq 1
## stdout-escaped:
"jq: ignoring parse error: Unfinished abandoned text at EOF at line 1, column 5\njq: ignoring parse error: Unfinished abandoned text at EOF at line 2, column 3\njq: ignoring parse error: Unfinished abandoned text at EOF at line 1, column 0\n\u{1e}1\n"
## status: 0

### jq localtime and strflocaltime show the zone TZ names
TZ=America/New_York jq -nc '1720000000 | localtime, strflocaltime("%F %T %Z %z"), ([2024,6,3,5,46,40,3,184] | strflocaltime("%F %T %Z"))'
TZ=Asia/Tokyo jq -nc '0 | localtime, (localtime | mktime), strflocaltime("%H %Z")'
jq -nc '1.5 | localtime'; jq -nc '"x" | localtime' 2>&1
## stdout:
[2024,6,3,5,46,40,3,184]
"2024-07-03 05:46:40 EDT -0400"
"2024-07-03 05:46:40 EDT"
[1970,0,1,9,0,0,4,0]
32400
"09 JST"
[1970,0,1,0,0,1.5,4,0]
jq: error (at <unknown>): localtime() requires numeric inputs
## status: 5

### jq modulemeta reads a module's metadata, directives and definitions from the search path
mkdir -p lib/m; printf 'module {name: "m", tags: ["x", 1, null, true], "q": {"a": "b\\n"}};\nimport "a" as a;\nimport "m/d" as $d {search: "./data"};\ninclude "b" {search: ["./x", "./y"]};\ndef f: a::f;\ndef g($x; y): 1;\ndef f: 2;\n' > lib/m/m.jq; printf 'def f: 1;' > lib/a.jq; printf 'def bad' > lib/bad.jq
jq -n -c -L lib '"m" | modulemeta'; jq -n -c -L lib '"a" | modulemeta, (modulemeta | .defs)'
jq -n -c -L lib '"nope", 7, "m/m/x" | try modulemeta catch .'; jq -n -L lib '"bad" | modulemeta' 2>/dev/null; echo $?
jq -n -c 'get_search_list'; jq -n -c -L lib -L lib/m 'get_search_list | length'; jq -n -c 'builtins | map(select(test("^(modulemeta|get_search_list|get_prog_origin)/")) | sort)'
## stdout:
{"name":"m","tags":["x",1,null,true],"q":{"a":"b\n"},"deps":[{"as":"a","is_data":false,"relpath":"a"},{"search":"./data","as":"d","is_data":true,"relpath":"m/d"},{"search":["./x","./y"],"is_data":false,"relpath":"b"}],"defs":["f/0","g/2"]}
{"deps":[],"defs":["f/0"]}
["f/0"]
"module not found: nope"
"modulemeta input module name must be a string"
"module names must not have equal consecutive components: m/m/x"
null
0
["~/.jq","$ORIGIN/../lib/jq","$ORIGIN/../lib"]
2
## status: 5
## files:
lib/
lib/a.jq: "def f: 1;"
lib/bad.jq: "def bad"
lib/m/
lib/m/m.jq: "module {name: \"m\", tags: [\"x\", 1, null, true], \"q\": {\"a\": \"b\\n\"}};\nimport \"a\" as a;\nimport \"m/d\" as $d {search: \"./data\"};\ninclude \"b\" {search: [\"./x\", \"./y\"]};\ndef f: a::f;\ndef g($x; y): 1;\ndef f: 2;\n"

### jq refuses a module whose metadata is not a constant object +stderr
mkdir lib; printf 'module (.+1);\ndef f: 1;\n' > lib/nc.jq; printf 'module [1];\ndef f: 1;\n' > lib/arr.jq; printf 'module {a: 1};\ndef f: 1;\n' > lib/ok.jq
jq -n -L lib 'import "nc" as n; n::f' 2>&1; echo "rc=$?"; jq -n -L lib 'include "arr"; f' 2>&1; echo "rc=$?"; jq -n -L lib 'import "ok" as o; o::f' 2>&1; echo "rc=$?"
jq -n -L lib '"nc" | modulemeta' 2>/dev/null; echo "rc=$?"
jq -n -L lib 'import "../lib/ok" as o; o::f' 2>&1; echo "rc=$?"; jq -n -L lib '"../ok", "ok/./ok" | try modulemeta catch .'; jq -n -L lib 'import "./ok" as o; o::f'
## stdout:
jq: error: Module metadata must be constant at <tmp>/lib/nc.jq, line 1, column 8:
    module (.+1);
           ^^^^^
jq: 1 compile error
rc=3
jq: error: Module metadata must be an object at <tmp>/lib/arr.jq, line 1, column 8:
    module [1];
           ^^^
jq: 1 compile error
rc=3
1
rc=0
null
rc=0
jq: error: Relative paths to modules may not traverse to parent directories (../lib/ok)

jq: 1 compile error
rc=3
"Relative paths to modules may not traverse to parent directories (../ok)"
"module not found: ok/./ok"
1
## status: 0
## files:
lib/
lib/arr.jq: "module [1];\ndef f: 1;\n"
lib/nc.jq: "module (.+1);\ndef f: 1;\n"
lib/ok.jq: "module {a: 1};\ndef f: 1;\n"

### jq formats what is not a string as its JSON text: NaN as null in every format, and in an index's error
jq -nc 'nan, [nan, 1], {a: nan} | @text, @html, @uri, @base64, @sh'
jq -nc '[nan, 1, "a b", null, true, infinite] | @sh, @csv, @tsv, @text'
jq -nc '@html "x\(nan)<", @sh "echo \(nan, "it'"'"'s", [1, 2])", @text "\([1, nan])", @base64 "\(nan)"'
jq -nc '"s", [] | try .[nan] catch .'; echo '"abc"' | jq '.[nan]' 2>&1; echo "rc=$?"
## stdout:
"null"
"null"
"null"
"bnVsbA=="
"null"
"[null,1]"
"[null,1]"
"%5Bnull%2C1%5D"
"W251bGwsMV0="
"null 1"
"{\"a\":null}"
"{&quot;a&quot;:null}"
"%7B%22a%22%3Anull%7D"
"eyJhIjpudWxsfQ=="
"null 1 'a b' null true 1.7976931348623157e+308"
",1,\"a b\",,true,1.7976931348623157e+308"
"\t1\ta b\t\ttrue\t1.7976931348623157e+308"
"[null,1,\"a b\",null,true,1.7976931348623157e+308]"
"xnull<"
"echo null"
"echo 'it'\\''s'"
"echo 1 2"
"[1,null]"
"bnVsbA=="
"Cannot index string with number (null)"
null
jq: error (at <stdin>:1): Cannot index string with number (null)
rc=5
## status: 0
