a <<<word [[ -n $x ]] `b` cat <<E
body $x
E
 >>f